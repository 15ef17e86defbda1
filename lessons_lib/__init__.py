"""Shologuti Lab: a Shologuti engine and game-playing agents for teaching."""
