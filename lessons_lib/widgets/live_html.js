// The browser side of LiveHTML (lessons_lib/widgets/common.py): HTML in a polite live region.

function render({ model, el }) {
  const region = document.createElement("div");  // kept, so that a change of its content is announced
  region.setAttribute("role", "status");
  region.setAttribute("aria-live", "polite");
  region.setAttribute("aria-atomic", "true");
  const show = () => { region.innerHTML = model.get("value"); };
  model.on("change:value", show);
  show();
  el.appendChild(region);
  return () => model.off("change:value", show);
}
export default { render };
