import { defaultTreeAdapter, html, parseFragment, serialize, type DefaultTreeAdapterTypes } from "parse5";

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

/**
 * The HTML of news articles, which operators write in the console and every visitor's browser
 * renders, cleaned by an allow-list before it is stored. The text is parsed as a browser parses
 * it into a <div> (parse5 implements the WHATWG parser), a new tree is built from the allowed
 * elements and attributes only, and parse5's serialiser writes it out, escaping every text and
 * attribute value. Anything not on the lists is left out: script and style, event handlers
 * (onerror …), style attributes, links whose address is not http(s), mailto or this site's,
 * and images from anywhere but this site. Elements that only wrap text (font, center …) give up their wrapper and keep their
 * text; elements whose content is code or another markup language (script, style, svg, math,
 * template, noscript, iframe …) go with everything inside them, which is also what keeps the
 * parser's namespace and raw-text switches, the usual road to mutation XSS, out of the output.
 * No sanitiser package is used: sanitize-html now needs Node 22, DOMPurify needs a DOM on the
 * server; parse5 is the parser jsdom itself uses and has no other dependency than its entities.
 */

const NUMBER = /^\d{1,4}$/;
const CELL_SCOPE = /^(?:row|col|rowgroup|colgroup)$/;
/** Where a link may lead: http(s), mailto, this site's paths, or a place on the page. */
const LINK_TARGET = /^(?:https?:|mailto:|\/(?![/\\])|#)/i;
/**
 * Where an image may come from: this site only (an uploaded content image, the site's artwork).
 * The pages' Content-Security-Policy (img-src 'self') would not load any other anyway.
 */
const IMAGE_SOURCE = /^\/(?![/\\])/;

type AttributeRule = (value: string) => boolean;

const COMMON: Record<string, AttributeRule> = { title: () => true };
const CELL: Record<string, AttributeRule> = { colspan: (v) => NUMBER.test(v), rowspan: (v) => NUMBER.test(v) };

/** Allowed elements and, for each, the attributes it may keep and the test each value must pass. */
const ALLOWED: Record<string, Record<string, AttributeRule>> = {
  ...Object.fromEntries(
    ["p", "br", "hr", "h2", "h3", "h4", "h5", "h6", "strong", "b", "em", "i", "u", "s", "del", "ins", "sub", "sup", "small", "mark", "code", "pre", "blockquote", "ul", "li", "dl", "dt", "dd", "table", "caption", "thead", "tbody", "tfoot", "tr", "figure", "figcaption", "span", "div"].map((tag) => [tag, {}]),
  ),
  ol: { start: (v) => NUMBER.test(v) },
  a: { href: (v) => LINK_TARGET.test(v), target: (v) => v === "_blank" },
  img: { src: (v) => IMAGE_SOURCE.test(v), alt: () => true, width: (v) => NUMBER.test(v), height: (v) => NUMBER.test(v) },
  th: { ...CELL, scope: (v) => CELL_SCOPE.test(v) },
  td: CELL,
};

/** Elements left out together with everything inside them. */
const DROPPED_WITH_CONTENT = new Set([
  "script", "style", "template", "noscript", "noembed", "noframes", "iframe", "frame", "frameset", "object", "embed", "applet", "param",
  "svg", "math", "xmp", "plaintext", "textarea", "select", "option", "optgroup", "button", "input", "title", "head", "link", "meta", "base",
  "audio", "video", "source", "track", "canvas", "map", "area", "portal", "slot",
]);

const URL_ATTRIBUTES = new Set(["href", "src"]);

/** Browsers drop tabs and line breaks anywhere in a URL, and spaces and controls at its ends. */
const cleanUrl = (value: string) => value.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "");

export function sanitiseHtml(input: string): string {
  const context = defaultTreeAdapter.createElement("div", html.NS.HTML, []);
  const parsed = parseFragment(context, input, {});
  const clean = defaultTreeAdapter.createDocumentFragment();
  copyChildren(parsed, clean);
  return serialize(clean);
}

function copyChildren(from: ParentNode, into: ParentNode): void {
  for (const child of from.childNodes) copyNode(child, into);
}

function copyNode(node: Node, into: ParentNode): void {
  if (defaultTreeAdapter.isTextNode(node)) {
    defaultTreeAdapter.insertText(into, node.value);
    return;
  }
  if (!defaultTreeAdapter.isElementNode(node)) return; // comments, doctypes
  const element = node as Element;
  if (element.namespaceURI !== html.NS.HTML || DROPPED_WITH_CONTENT.has(element.tagName)) return;
  const rules = ALLOWED[element.tagName];
  if (!rules) {
    copyChildren(element, into);
    return;
  }
  const attributes = allowedAttributes(element, { ...COMMON, ...rules });
  if (element.tagName === "img" && !attributes.some((attribute) => attribute.name === "src")) return; // nothing left to show
  const copy = defaultTreeAdapter.createElement(element.tagName, html.NS.HTML, attributes);
  defaultTreeAdapter.appendChild(into, copy);
  copyChildren(element, copy);
}

function allowedAttributes(element: Element, rules: Record<string, AttributeRule>): { name: string; value: string }[] {
  const kept: { name: string; value: string }[] = [];
  for (const { name, value, namespace } of element.attrs) {
    const rule = rules[name];
    const cleaned = URL_ATTRIBUTES.has(name) ? cleanUrl(value) : value.trim();
    if (namespace || !rule || !rule(cleaned)) continue;
    kept.push({ name, value: cleaned });
  }
  // A page opened in a new tab must not be able to reach back into ours (window.opener).
  if (kept.some((attribute) => attribute.name === "target")) kept.push({ name: "rel", value: "noopener noreferrer" });
  return kept;
}

/** Plain text as one HTML paragraph (an article's summary from its brief), escaped by the serialiser. */
export function paragraphOf(text: string): string {
  const fragment = defaultTreeAdapter.createDocumentFragment();
  const paragraph = defaultTreeAdapter.createElement("p", html.NS.HTML, []);
  defaultTreeAdapter.appendChild(fragment, paragraph);
  defaultTreeAdapter.insertText(paragraph, text);
  return serialize(fragment);
}
