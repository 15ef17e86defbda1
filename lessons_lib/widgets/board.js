// The browser side of the board widget (lessons_lib/widgets/board.py): it shows the SVG that Python draws, lets the
// keyboard move between the places a click may hit, and sends each click back to Python, which knows the rules.
// Python sends the board's SVG (`svg`), what a screen reader reads out when it changes (`status`) and the board's
// accessible name (`label`); the browser sends {type: "click", point} and {type: "drop"} (the Escape key).

const SVG = "http://www.w3.org/2000/svg";
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const VISUALLY_HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap";

function centre(element) {
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

// The place nearest to `from` in the direction (dx, dy) on screen: of the places ahead, the one whose
// distance ahead plus twice its distance aside is least, so a place straight ahead beats one off to a side.
function nextInDirection(from, [dx, dy], places) {
  const start = centre(from);
  let best = null, bestScore = Infinity;
  for (const place of places) {
    const { x, y } = centre(place);
    const ahead = (x - start.x) * dx + (y - start.y) * dy;
    const aside = Math.abs((x - start.x) * dy - (y - start.y) * dx);
    const score = ahead + 2 * aside;
    if (ahead >= 1 && score < bestScore) { best = place; bestScore = score; }
  }
  return best;
}

function nearestTo(point, places) {
  const distance = (place) => { const { x, y } = centre(place); return Math.hypot(x - point.x, y - point.y); };
  return places.reduce((best, place) => (best && distance(best) <= distance(place) ? best : place), null);
}

// The focus ring: a white band under a thick dashed black line around `place`, plain on any colour.
function drawFocusRing(place) {
  const bounds = place.getBBox(), pad = 3;
  const ring = document.createElementNS(SVG, "g");
  ring.setAttribute("class", "keyboard-focus");
  ring.setAttribute("pointer-events", "none");
  ring.setAttribute("aria-hidden", "true");
  for (const [colour, width, dashes] of [["white", 7, "none"], ["black", 3.5, "7 4"]]) {
    const line = document.createElementNS(SVG, "rect");
    const attributes = { x: bounds.x - pad, y: bounds.y - pad, width: bounds.width + 2 * pad,
                         height: bounds.height + 2 * pad, rx: 6, fill: "none", stroke: colour,
                         "stroke-width": width, "stroke-dasharray": dashes };
    for (const [name, value] of Object.entries(attributes)) line.setAttribute(name, value);
    ring.appendChild(line);
  }
  place.appendChild(ring);
}

function render({ model, el }) {
  const box = document.createElement("div");  // the board; its places are the elements marked data-click
  box.className = "game-board-widget";
  box.setAttribute("role", "application");  // a screen reader lets the arrow keys through to the board
  const news = document.createElement("div");  // read out by screen readers whenever it changes
  news.className = "game-board-status";
  news.setAttribute("role", "status");
  news.setAttribute("aria-live", "polite");
  news.setAttribute("aria-atomic", "true");
  news.style.cssText = VISUALLY_HIDDEN;
  let focusName = null, focusAt = null;  // the place the keyboard is on: its data-click, where it was on screen

  const places = () => [...box.querySelectorAll("[data-click]")];
  const click = (place) => model.send({ type: "click", point: place.getAttribute("data-click") });
  const removeFocusRing = () => box.querySelectorAll(".keyboard-focus").forEach((ring) => ring.remove());

  // A roving tabindex: Tab stops at one place only (or at the board, when it has none).
  const makeTabStop = (stop) => {
    for (const place of places()) place.tabIndex = place === stop ? 0 : -1;
    box.tabIndex = stop ? -1 : 0;
    if (stop) focusName = stop.getAttribute("data-click");
  };

  // Show the new SVG; the keyboard stays on the same place (or the nearest) if it was on the board.
  const draw = () => {
    const hadFocus = box.contains(document.activeElement);
    box.innerHTML = model.get("svg");
    const svg = box.querySelector("svg");
    if (svg) svg.setAttribute("role", "group");  // an "img" would hide its places from screen readers
    const all = places();
    for (const place of all) {
      place.setAttribute("role", "button");
      if (!place.hasAttribute("aria-label")) place.setAttribute("aria-label", place.getAttribute("data-click"));
      place.style.outline = "none";  // the focus ring below replaces the browser's
    }
    const stop = all.find((place) => place.getAttribute("data-click") === focusName)
      || (focusAt && nearestTo(focusAt, all)) || all[0] || null;
    makeTabStop(stop);
    if (hadFocus) (stop || box).focus({ preventScroll: true });
  };
  const speak = () => { news.textContent = model.get("status"); };
  const name = () => { box.setAttribute("aria-label", model.get("label")); };

  box.addEventListener("click", (event) => {
    const place = event.target.closest("[data-click]");
    if (place) click(place);
  });
  box.addEventListener("focusin", (event) => {
    const place = event.target.closest("[data-click]");
    removeFocusRing();
    if (!place) return;
    makeTabStop(place);
    focusAt = centre(place);
    if (place.matches(":focus-visible")) drawFocusRing(place);  // from the keyboard, not from a click
  });
  box.addEventListener("focusout", removeFocusRing);
  // The keys are read on their way down from the window, before the notebook's shortcuts see them (Notebook 7
  // reads keys there, and would move to the next cell on an arrow key); only the keys pressed on this board.
  const onKey = (event) => {
    if (!box.contains(event.target) || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const place = event.target.closest("[data-click]");
    if (ARROWS[event.key]) {
      const next = place ? nextInDirection(place, ARROWS[event.key], places()) : places()[0];
      if (next) next.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      if (place && !event.repeat) click(place);
    } else if (event.key === "Escape") {
      model.send({ type: "drop" });  // put down what was chosen
    } else {
      return;
    }
    event.preventDefault();  // no scrolling, and no notebook shortcut
    event.stopPropagation();
  };
  window.addEventListener("keydown", onKey, true);
  model.on("change:svg", draw);
  model.on("change:status", speak);
  model.on("change:label", name);
  draw();
  speak();
  name();
  el.append(box, news);
  return () => {
    window.removeEventListener("keydown", onKey, true);
    model.off("change:svg", draw);
    model.off("change:status", speak);
    model.off("change:label", name);
  };
}
export default { render };
