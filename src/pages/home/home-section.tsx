import { useId, type ReactNode } from "react";
import "./home-section.css";

/** One band of the home page: a centred title and subtitle over its content; light, tinted or dark. */
export function HomeSection({
  title,
  subtitle,
  tone = "light",
  extra,
  children,
}: {
  title: string;
  subtitle?: string;
  tone?: "light" | "tinted" | "dark";
  extra?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`hz-section hz-section--${tone}`}>
      <div className="hz-section__inner">
        <header className="hz-section__header">
          <h2 id={titleId}>{title}</h2>
          {subtitle && <p>{subtitle}</p>}
          {extra && <div className="hz-section__extra">{extra}</div>}
        </header>
        {children}
      </div>
    </section>
  );
}
