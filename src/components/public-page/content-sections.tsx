import { Suspense } from "react";
import { Link } from "react-router";
import { antdPart } from "../../app/antd-part";
import { useAppLinks } from "../../providers/app-links-context";
import type { AppLinkName } from "../../resources/app-links";
import { LightCard } from "../light/light-card";
import type { ContentLink, ContentSection } from "./content-section";
import "./public-page.css";

// antd's Table is heavy and few sections have a table: it loads with the first that does (issue 20).
const ContentTableView = antdPart(() => import("./content-table").then((module) => module.default));

/** The text sections of a public page, one card each; plain elements and light cards, so a light page shows them without antd. */
export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <div className="hz-stack hz-stack--large">
      {sections.map((section) => (
        <ContentSectionCard key={section.heading} section={section} />
      ))}
    </div>
  );
}

export function ContentSectionCard({ section }: { section: ContentSection }) {
  return (
    // The anchor (#discount) on a wrapper: the light card takes no id.
    <div id={section.anchor}>
      <LightCard title={<h2 style={{ margin: 0, fontSize: 20 }}>{section.heading}</h2>}>
        {section.paragraphs?.map((paragraph) => (
          <p key={paragraph} className="hz-public-paragraph">
            {paragraph}
          </p>
        ))}
        {section.items && (
          <ul style={{ paddingLeft: 20, lineHeight: 1.9 }}>
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
        {section.steps && (
          <ol style={{ paddingLeft: 20, lineHeight: 1.9 }}>
            {section.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        )}
        {section.table && (
          <Suspense fallback={null}>
            <ContentTableView table={section.table} />
          </Suspense>
        )}
        {section.closing?.map((paragraph) => (
          <p key={paragraph} className="hz-public-paragraph">
            {paragraph}
          </p>
        ))}
        {section.links && (
          <div className="hz-public-links">
            {section.links.map((link) => (
              <ContentLinkView key={link.label} link={link} />
            ))}
          </div>
        )}
      </LightCard>
    </div>
  );
}

/** Server pages (/opendocs) need a full page load; app pages navigate in place. */
export function ContentLinkView({ link }: { link: ContentLink }) {
  if ("appLink" in link) return <NamedAppLink name={link.appLink} label={link.label} />;
  return link.isServerPage ? <a href={link.to}>{link.label}</a> : <Link to={link.to}>{link.label}</Link>;
}

/** A link to a registry page: only such links wait for the registry's links to load. */
function NamedAppLink({ name, label }: { name: AppLinkName; label: string }) {
  const links = useAppLinks();
  return <Link to={links[name]}>{label}</Link>;
}
