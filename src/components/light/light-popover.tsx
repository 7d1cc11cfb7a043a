import { useId, useRef, useState, type FocusEvent, type ReactNode } from "react";
import "./light.css";

export type LightPopoverPlacement = "top" | "bottom" | "bottomRight" | "left" | "right";

/**
 * A panel beside its anchor (antd Popover's place), opened by hovering, by focusing the anchor
 * with the keyboard, or by a click (for touch screens), and closed by leaving, Escape or a second
 * click. The panel is inside the anchor's box, so moving the pointer onto it keeps it open.
 */
export function LightPopover({ content, title, placement = "top", children }: { content: ReactNode; title?: ReactNode; placement?: LightPopoverPlacement; children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  // The click that follows the hover or focus that opened the panel (a mouse's, a tap's) keeps it open.
  const isFreshlyOpened = useRef(false);
  const open = () => {
    if (!isOpen) isFreshlyOpened.current = true;
    setOpen(true);
  };
  const panelId = useId();
  const closeUnlessFocusStays = (event: FocusEvent<HTMLSpanElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };
  return (
    <span
      className="hz-l-popover-anchor"
      onMouseEnter={open}
      onMouseLeave={() => setOpen(false)}
      onFocus={open}
      onBlur={closeUnlessFocusStays}
      onClick={(event) => {
        // A click inside the open panel (a link, a copy button) must not close it under the pointer.
        if (event.target instanceof Node && document.getElementById(panelId)?.contains(event.target)) return;
        if (isFreshlyOpened.current) isFreshlyOpened.current = false;
        else setOpen((wasOpen) => !wasOpen);
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") setOpen(false);
      }}
      aria-describedby={isOpen ? panelId : undefined}
    >
      {children}
      {isOpen && (
        <div id={panelId} role="tooltip" className={`hz-l-popover hz-l-popover--${placement}`}>
          {title !== undefined && <div className="hz-l-popover__title">{title}</div>}
          {content}
        </div>
      )}
    </span>
  );
}
