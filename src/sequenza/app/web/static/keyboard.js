// Keyboard play for the board. Every board part (an element with data-part: a space, a pile,
// a grid position, a card in hand) is a control with the name its view gives it (aria-label).
// The parts of one group (an element with data-nav: the board, a hand, a row of piles) make one
// tab stop: arrow keys move among them by where they are drawn (a roving tabindex), Home and
// End go to the first and last, and Enter or Space press a part exactly as a click does.

const ARROWS = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

// The group a part belongs to: its data-nav container, or the part alone.
function groupOf(part) {
  return part.closest("[data-nav]") || part;
}

function partsIn(group) {
  return group.matches("[data-part]") ? [group] : [...group.querySelectorAll("[data-part]")];
}

function isNativeControl(element) {
  return element.tagName === "BUTTON" || element.tagName === "A" || element.tagName === "INPUT";
}

// After each drawing: roles (a view names its groups with aria-label), one tab stop per group (the part last focused in
// that group if it is still there, else the first playable one, else the first), and each
// part's state: playable or not, chosen or not.
export function prepareParts(board, remembered) {
  for (const group of board.querySelectorAll("[data-nav]")) {
    group.setAttribute("role", "group");
    const parts = partsIn(group);
    const stop = parts.find((part) => part.dataset.part === remembered.get(group.dataset.nav))
      || parts.find((part) => part.classList.contains("playable"))
      || parts[0];
    for (const part of parts) part.tabIndex = part === stop ? 0 : -1;
  }
  for (const part of board.querySelectorAll("[data-part]")) {
    if (!isNativeControl(part)) part.setAttribute("role", "button");
    if (!part.closest("[data-nav]")) part.tabIndex = 0;
    const playable = part.classList.contains("playable");
    part.setAttribute("aria-disabled", playable || part.classList.contains("selected") ? "false" : "true");
    part.setAttribute("aria-pressed", part.classList.contains("selected") ? "true" : "false");
  }
}

// The part beyond `from` in a direction, among the group's parts: the nearest one whose centre
// lies that way, parts in line with it first (a board's row or column, a hand's cards).
function partToward(from, parts, [dx, dy]) {
  const centre = (element) => {
    const box = element.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, width: box.width, height: box.height };
  };
  const here = centre(from);
  let best = null;
  for (const part of parts) {
    if (part === from) continue;
    const there = centre(part);
    const along = (there.x - here.x) * dx + (there.y - here.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((there.x - here.x) * dy + (there.y - here.y) * dx);
    const inLine = across < (dx ? here.height : here.width) / 2;
    const score = (inLine ? 0 : 1e6) + along + across * 3;
    if (!best || score < best.score) best = { part, score };
  }
  return best ? best.part : null;
}

export function moveFocus(from, target, remembered) {
  const group = groupOf(from);
  for (const part of partsIn(group)) part.tabIndex = part === target ? 0 : -1;
  if (group.dataset.nav) remembered.set(group.dataset.nav, target.dataset.part);
  target.focus();
}

// Arrow keys, Home and End move within a group; Enter and Space press a part; Escape calls
// `cancel` (letting go of a card picked up).
export function listenToKeys(board, { remembered, cancel }) {
  board.addEventListener("focusin", (event) => {
    const part = event.target.closest("[data-part]");
    const group = part && part.closest("[data-nav]");
    if (group) remembered.set(group.dataset.nav, part.dataset.part);
  });
  board.addEventListener("keydown", (event) => {
    const part = event.target.closest("[data-part]");
    if (event.key === "Escape") {
      cancel();
      return;
    }
    if (!part || event.altKey || event.ctrlKey || event.metaKey) return;
    const parts = partsIn(groupOf(part));
    let target = null;
    if (ARROWS[event.key]) target = partToward(part, parts, ARROWS[event.key]);
    else if (event.key === "Home") target = parts[0];
    else if (event.key === "End") target = parts[parts.length - 1];
    else if ((event.key === "Enter" || event.key === " ") && !isNativeControl(part)) {
      event.preventDefault();
      part.click();
      return;
    } else return;
    event.preventDefault();
    if (target) moveFocus(part, target, remembered);
  });
}

// What identifies a control across a redraw: its part, id, action or name.
function identity(element) {
  if (!element || !element.dataset) return null;
  return element.dataset.part || element.id || element.dataset.action || element.getAttribute("title") || element.getAttribute("aria-label");
}

function sameControl(container, key) {
  if (!key) return null;
  for (const element of container.querySelectorAll("[data-part], [id], [data-action], [title], [aria-label]")) {
    if (identity(element) === key) return element;
  }
  return null;
}

// The card a board part holds (its data-key, which the animations follow too), if any.
function cardIn(part) {
  const card = part && (part.dataset.key ? part : part.querySelector("[data-key]"));
  return card ? card.dataset.key : null;
}

// Focus follows the card that moved: when the place that had the focus is still there but
// no longer holds its card (a Shift slide leaves the place empty behind it), the place the card
// went to. A card that left the hand leaves the focus in the hand, for the next card.
function followedCard(container, key, card) {
  if (!card) return null;
  const same = sameControl(container, key);
  if (!same || cardIn(same) === card) return null;
  for (const element of container.querySelectorAll("[data-key]")) {
    if (element.dataset.key === card) return element.closest("[data-part]");
  }
  return null;
}

function focusable(container) {
  return [...container.querySelectorAll("button, a[href], input, select, [tabindex]")].filter(
    (element) => element.tabIndex >= 0 && !element.disabled && !element.closest("[hidden]"),
  );
}

// Redraw `container` with `update` without losing the keyboard's place: focus inside it stays
// on the same control when it is drawn again, or else moves to the next sensible one (a playable
// part of the same group, the control at the same place, the container's first control), or to
// `elsewhere()` when the container is left with none.
export function keepFocus(container, update, elsewhere = () => null) {
  const active = document.activeElement;
  const inside = Boolean(active && active !== container && container.contains(active));
  const key = inside ? identity(active.closest("[data-part]") || active) : null;
  const groupName = inside ? active.closest("[data-nav]")?.dataset.nav : null;
  const before = inside ? focusable(container) : [];
  const place = before.indexOf(active);
  const card = inside ? cardIn(active.closest("[data-part]")) : null;
  update();
  if (!inside || (container.contains(active) && document.activeElement === active)) return;
  const group = groupName ? container.querySelector(`[data-nav="${CSS.escape(groupName)}"]`) : null;
  const after = focusable(container);
  const target = followedCard(container, key, card)
    || sameControl(container, key)
    || (group && (group.querySelector("[data-part].playable") || group.querySelector("[data-part]")))
    || after[Math.min(Math.max(place, 0), after.length - 1)]
    || elsewhere();
  if (target) target.focus({ preventScroll: true });
}
