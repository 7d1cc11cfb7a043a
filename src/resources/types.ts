import type { ComponentType } from "react";
import type { z } from "zod";
import type { ChartDataSchema } from "../schema/chart";
import type { Endpoint } from "../schema/contract";
import type { EvidenceKind } from "../schema/evidence-entry";
import type { SectionPageProps } from "./derive";

/**
 * The declarative registry's vocabulary (DESIGN.md §5). A main section (evidenceSave, monitor …)
 * holds sections (fileEvidence, text …); a section holds pages. Every path is written exactly as
 * spec §2 writes it, below its parent, so the full path of a page is
 * `/<main>/<section>/<page>` and nothing else in the client spells it again.
 */

/** The page kinds the generic pages in src/pages/kinds render from a section's definition. */
export type GenericPageKind = "guidance" | "new" | "dataList" | "dataChart" | "certificate" | "detail";

/** A screen that really needs its own code, loaded only when it is opened; it receives its route as props. */
export type PageComponentLoader = () => Promise<{ default: ComponentType<SectionPageProps> }>;

interface PageBase {
  /**
   * Below the section, exactly as the spec writes it: "guidance", "dataList/Certificate",
   * "ystwnew" … The empty string is the section's root itself (/personal/operationPanel).
   */
  path: string;
  /** The page's heading. */
  title: string;
  /** Listed in the side navigation under its section (or under `navGroup`) with this label. */
  navLabel?: string;
  /** Key of one of the main section's extra side-navigation groups (monitor's radio, literature, short video). */
  navGroup?: string;
}

/**
 * Where a dataChart page's figures come from: a GET endpoint answering ChartData
 * (src/schema/chart.ts) in `datas`, and how to draw it. A chart page without one shows
 * that there is no data yet; it never draws invented figures.
 */
export interface ChartSource {
  /** A contract endpoint (src/schema) called without parameters. */
  endpoint: Endpoint<"GET", z.ZodObject, typeof ChartDataSchema>;
  /** Line for a trend over time, bar for counts per category. */
  type: "line" | "bar";
  /** Axis titles, e.g. 日期 and 疑似侵权条数. */
  xAxisName: string;
  yAxisName: string;
}

export interface GenericPageDefinition extends PageBase {
  kind: GenericPageKind;
  /** The data source of a dataChart page. */
  chart?: ChartSource;
  /**
   * Which guidance text a guidance page shows, as a key of its main section's guidance module;
   * `<section>/<path>` unless a page says otherwise.
   */
  guidanceKey?: string;
}

export interface CustomPageDefinition extends PageBase {
  kind: "custom";
  load: PageComponentLoader;
  /** The generic kind this screen stands in for (a custom list is the section's list for refine). */
  standsFor?: GenericPageKind;
}

export type PageDefinition = GenericPageDefinition | CustomPageDefinition;

/** The /webapi calls behind a section (paths relative to /webapi, DESIGN.md §4). */
export interface SectionEndpoints {
  list?: string;
  one?: string;
  create?: string;
}

/**
 * A list filter; the URL query and the list call use `field` (or `start`/`stop`) as the parameter
 * name. Every list draws its filters with one component (src/components/list-filter).
 */
export type ListFilter =
  | { kind: "keyword"; field: string; label: string; placeholder?: string; maxLength?: number; width?: number }
  | { kind: "select"; field: string; label: string; placeholder: string; options: readonly { value: string; label: string }[]; width?: number }
  | { kind: "dateRange"; start: string; stop: string; label: string };

/**
 * What a record or form looks like and how a list shows it. Labels and display hints ride on the
 * zod schema as metadata (see src/resources/field-meta.ts), so a column is only a field name.
 */
export interface SectionData<Record extends z.ZodObject = z.ZodObject, Form extends z.ZodObject = z.ZodObject> {
  record?: Record;
  form?: Form;
  /** Field names of `record`, in column order. */
  columns?: readonly (keyof z.infer<Record> & string)[];
  filters?: readonly ListFilter[];
  endpoints?: SectionEndpoints;
  /** The record's id field, which is also the parameter name of the detail call; "id" when absent. */
  idParam?: string;
  /** The kind of evidence an evidence-storage or rights section keeps (its pages' calls follow from it). */
  evidenceKind?: EvidenceKind;
}

export interface SectionDefinition extends SectionData {
  /** The route key below its main section, exactly the spec's: "fileEvidence", "ElectronicSeal". */
  key: string;
  /** The section's name, e.g. 文件存证. */
  title: string;
  /** The side navigation's wording where the spec renames a section (audio → 音乐监测). */
  navLabel?: string;
  icon?: ComponentType;
  /** The page path the section's root leads to (spec §2: guidance unless the spec says otherwise). */
  landing: string;
  /** Spec §6: a sub-account is sent elsewhere (the expense centre's expense record). */
  subAccountLanding?: string;
  pages: readonly PageDefinition[];
}

/** Text of a guidance page: what the service does, how, what the user gets, what it costs. */
export interface GuidanceContent {
  intro: string;
  steps: readonly { title: string; description: string }[];
  results: readonly string[];
  /** A price panel of spec §9, only where the spec gives prices. */
  pricing?: readonly ("monitoring" | "notarisationBundles")[];
  /** Buttons at the foot, or under the introduction with `actionsFirst`. */
  actions?: readonly GuidanceAction[];
  /** The guide is mainly a set of actions (spec §2 information-monitoring guide): show them first. */
  actionsFirst?: boolean;
}

/** A button of a guidance page. */
export type GuidanceAction =
  | {
      kind?: "link";
      label: string;
      /** A page path of the same section (no leading slash) or an app path ("/personal/…"). */
      to: string;
      primary?: boolean;
      /** Spec §4, §6: disabled while accountStatus answers a limits code (301/304/305/309) for this product. */
      requiresProduct?: number;
    }
  /** Spec §4: to online recharge, labelled with the account's balance. */
  | { kind: "recharge"; primary?: boolean }
  /** Brings the page's price panels into view. */
  | { kind: "pricing"; label: string };

export type GuidanceModule = { default: Readonly<Record<string, GuidanceContent>> };

export interface MainSectionDefinition {
  /** The first path segment, exactly the spec's: "evidenceSave". */
  key: string;
  /** Its name in the main navigation, e.g. 证据保全. */
  title: string;
  /** Spec §2: the personal section is hidden from the main navigation. */
  isHiddenFromMainNav?: boolean;
  sections: readonly SectionDefinition[];
  /**
   * "groups" (the default): each section is a group of its navigable pages. "links": one link per
   * section, to its landing; the section's navigable pages then show as tabs on its generic pages.
   */
  sideNav?: "groups" | "links";
  /** Extra side-navigation groups whose pages live in sections (monitor: radio, literature, short video). */
  navGroups?: readonly { key: string; label: string }[];
  /** The guidance texts, loaded with the guidance page rather than with the app. */
  loadGuidance?: () => Promise<GuidanceModule>;
}

export type Registry = readonly MainSectionDefinition[];
