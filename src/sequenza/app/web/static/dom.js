// Small DOM helpers: h("div.card.red", {onclick}, children...) and s(...) for SVG.

const SVG = "http://www.w3.org/2000/svg";

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      element.addEventListener(key.slice(2), value);
    } else if (key === "style" && typeof value === "object") {
      Object.assign(element.style, value);
    } else if (key === "dataset") {
      for (const [name, data] of Object.entries(value)) {
        if (data !== null && data !== undefined) element.dataset[name] = data;
      }
    } else if (key === "value" || key === "checked" || key === "selected") {
      element[key] = value;
    } else {
      element.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(element, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}

function parseTag(tag) {
  const [name, ...classes] = tag.split(".");
  return [name || "div", classes];
}

export function h(tag, attrs = {}, ...children) {
  const [name, classes] = parseTag(tag);
  const element = document.createElement(name);
  if (classes.length) element.classList.add(...classes);
  return build(element, attrs, children);
}

export function s(tag, attrs = {}, ...children) {
  const [name, classes] = parseTag(tag);
  const element = document.createElementNS(SVG, name);
  if (classes.length) element.classList.add(...classes);
  return build(element, attrs, children);
}

export function words(text) {
  return String(text).replaceAll("_", " ");
}

// Replace an element's children (null, false and nested lists allowed).
export function fill(element, ...children) {
  element.replaceChildren();
  return append(element, children);
}
