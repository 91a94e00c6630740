// Animated updates: elements with the same data-key before and after a redraw glide from
// their old place to the new one (slides, placements); new ones grow in.

export function flip(container, update) {
  // Without motion nothing glides: measuring every piece before the update would only make
  // the browser lay the page out once more for each move.
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) {
    update();
    return;
  }
  const before = new Map();
  for (const element of container.querySelectorAll("[data-key]")) {
    before.set(element.dataset.key, element.getBoundingClientRect());
  }
  update();
  if (!before.size) return;
  for (const element of container.querySelectorAll("[data-key]")) {
    const old = before.get(element.dataset.key);
    if (!old) {
      element.animate(
        [{ opacity: 0, transform: "scale(0.5)" }, { opacity: 1, transform: "none" }],
        { duration: 280, easing: "ease-out" },
      );
      continue;
    }
    const now = element.getBoundingClientRect();
    const dx = old.left - now.left;
    const dy = old.top - now.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
    element.animate(
      [{ transform: `translate(${dx}px, ${dy}px)`, zIndex: 5 }, { transform: "none", zIndex: 5 }],
      { duration: 380, easing: "cubic-bezier(.2,.75,.3,1)" },
    );
  }
}
