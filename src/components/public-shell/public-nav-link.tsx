import { Link } from "react-router";
import type { PublicNavItem } from "./public-nav-items";

/** One item of the public header, in its row or its drawer: a page of the app, or a server page in a new tab. */
export function NavLink({ item, isActive, className }: { item: PublicNavItem; isActive: boolean; className: string }) {
  const content = (
    <>
      {item.label}
      {item.badge && (
<span className="hz-nav-badge">{item.badge}</span>
      )}
    </>
  );
  if (item.opensInNewTab) {
    return (
      <a href={item.path} target="_blank" rel="noopener noreferrer" className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link to={item.path} className={className} aria-current={isActive ? "page" : undefined}>
      {content}
    </Link>
  );
}
