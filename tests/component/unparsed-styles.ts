/**
 * antd writes its CSS-in-JS rules as <style> elements into <head>, and jsdom parses each sheet as
 * it changes: about a third of the component project's time. The setup file sends them to an
 * element outside the document instead, which jsdom leaves unparsed: what antd's CSS shows or hides
 * is for the end-to-end tests to check in real Chromium; here the markup, class names and ARIA
 * attributes count: a drawer or modal that stays mounted when closed is hidden only by CSS.
 */
export function keepStylesUnparsed(head: HTMLHeadElement = document.head): void {
  const unparsed = document.createElement("div");
  const { appendChild, insertBefore, removeChild } = Node.prototype;
  const holderOf = (node: Node) => (node.nodeName === "STYLE" ? unparsed : head);
  head.appendChild = <T extends Node>(node: T): T => appendChild.call(holderOf(node), node) as T;
  head.insertBefore = <T extends Node>(node: T, child: Node | null): T =>
    (holderOf(node) === head ? insertBefore.call(head, node, child) : appendChild.call(unparsed, node)) as T;
  head.removeChild = <T extends Node>(node: T): T => removeChild.call(node.parentNode === unparsed ? unparsed : head, node) as T;
}
