import type { ComponentType, ReactNode } from "react";
import type { z } from "zod";
import type { ChartDataSchema } from "../schema/chart";
import type { ConsolePermission } from "../schema/console/permissions";
import type { Endpoint } from "../schema/contract";
import type { Envelope } from "../schema/envelope";
import type { SubmittedEvidenceKind } from "../schema/evidence-entry";

/**
 * The declarative registry's vocabulary (DESIGN.md §5). A main section (evidenceSave, monitor …)
 * holds sections (fileEvidence, text …); a section holds pages. Every path is written exactly as
 * spec §2 writes it, below its parent, so the full path of a page is
 * `/<main>/<section>/<page>` and nothing else in the client spells it again.
 *
 * The same vocabulary describes the operator console (src/resources/console), a second registry
 * mounted below its base path: its pages are `/console/<main>/<section>/<page>`, and a section may
 * name the console permission an operator's roles must grant to see and open it.
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
  /** A contract endpoint (src/schema), called with `params` (none when absent). */
  endpoint: Endpoint<"GET", z.ZodObject, typeof ChartDataSchema>;
  /** Fixed parameters of the call (a monitoring chart's channel and dimension). */
  params?: Readonly<Record<string, string | number>>;
  /** The chart's own heading, where a page shows several (按站点, 按作品). */
  title?: string;
  /** Line for a trend over time, bar for counts per category. */
  type: "line" | "bar";
  /** Axis titles, e.g. 日期 and 疑似侵权条数. */
  xAxisName: string;
  yAxisName: string;
}

export interface GenericPageDefinition extends PageBase {
  kind: GenericPageKind;
  /**
   * What this page shows when it is not the section's own records (an affair's children) or not
   * all of their fields (the library's list): laid over the section's data for this page only.
   */
  data?: SectionData;
  /** The section's own parts of this page (buttons, row actions, cells, a panel), loaded with the page. */
  slots?: PageSlotsLoader;
  /** The data source of a dataChart page, or several charts shown one below the other. */
  chart?: ChartSource | readonly ChartSource[];
  /**
   * Which guidance text a guidance page shows, as a key of its main section's guidance module;
   * `<section>/<path>` unless a page says otherwise.
   */
  guidanceKey?: string;
}

export interface CustomPageDefinition extends PageBase {
  kind: "custom";
  load: PageComponentLoader;
  /** What the screen works on, laid over its section's data as for a generic page (a monitoring channel's fixed parameters). */
  data?: SectionData;
  /** The generic kind this screen stands in for (a custom list is the section's list for refine). */
  standsFor?: GenericPageKind;
}

export type PageDefinition = GenericPageDefinition | CustomPageDefinition;

/** The /webapi calls behind a section: contract endpoints of src/schema. */
export interface SectionEndpoints {
  list?: Endpoint;
  one?: Endpoint;
  create?: Endpoint;
  delete?: Endpoint;
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
  /**
   * On a certificate page: the field naming the evidence record whose certificate the page shows
   * (a capture's `evidenceId`), where the record is not itself that evidence; `idParam` when absent.
   */
  certificateIdField?: string;
  /** The kind of evidence an evidence-storage or rights section keeps (its pages' calls follow from it). */
  evidenceKind?: SubmittedEvidenceKind;
  /**
   * A list scoped to one parent record named in the page's query (`?id=` of an affair): the query
   * parameter the parent comes in, the list call's parameter for it, and what the parent is called.
   */
  scope?: { from: string; param: string; label: string };
  /** What an empty list says, where "暂无数据" is too vague (暂无子账号). */
  emptyText?: string;
  /**
   * Parameters every call of the page adds, fixed by the registry (a monitoring page family's
   * `channel`): its list's call sends them under the filters, its screens read them from here
   * rather than from the URL.
   */
  fixedParams?: { readonly [name: string]: string | number };
}

// ---- Slots: what a section adds to a generic page of its own ----

/** A record as the generic pages hold it. */
export type ListRecord = Record<string, unknown>;

/** What every slot of a list knows: the page's route and a way to read the list again. */
export interface ListSlotProps {
  route: SectionRoute;
  /** Reads the list (and a panel's own data) again, after a change. */
  refresh: () => void;
}

/** A row's own buttons and links, shown in the 操作 column in place of the link to the record's page. */
export interface RowActionsProps extends ListSlotProps {
  record: ListRecord;
}

/** The buttons acting on the chosen rows; the list shows how many are chosen beside them. */
export interface SelectionActionsProps extends ListSlotProps {
  selected: readonly number[];
}

/** A field drawn in a way its metadata cannot say (a tag beside the name); the default drawing is passed in. */
export type CellRenderer = (value: unknown, record: ListRecord, text: ReactNode) => ReactNode;

export interface PageSlots {
  /** Buttons in the page's header (新建文件存证, 新建子账号). */
  toolbar?: ComponentType<ListSlotProps>;
  /** Each row's actions. */
  rowActions?: ComponentType<RowActionsProps>;
  /** Fields drawn by the section, by field name. */
  cells?: Readonly<Record<string, CellRenderer>>;
  /** Shown above the list, or below a record's fields (the affair a child list belongs to, a certificate's checks). */
  panel?: ComponentType<ListSlotProps & { record?: ListRecord }>;
  /** Rows can be chosen; these are the buttons acting on the choice. */
  selection?: ComponentType<SelectionActionsProps>;
  /** Rows still changing on the server (a pending evidence): while any is shown, the list reads itself again every 2 s. */
  isSettling?: (record: ListRecord) => boolean;
  /**
   * A new page whose call needs more than the form's checked values (a password RSA-encrypted in
   * the browser, as logins send it): a hook answering the function that makes the call itself.
   */
  useCreate?: () => (values: Record<string, unknown>) => Promise<Envelope<unknown>>;
}

/** A page's slots live with its screens (src/pages) and load with the page, as custom pages do. */
export type PageSlotsLoader = () => Promise<{ default: PageSlots }>;

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
  /**
   * Console sections: the permission (src/schema/console/permissions.ts) the operator's roles must
   * grant. Without it the section is hidden from the menu and its pages answer with a refusal.
   */
  permission?: ConsolePermission;
  /** One sentence on what the section is for, where a page lists sections (the console's home). */
  description?: string;
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
      /**
       * A page of the same section ("dataList"), of another section of the same main section
       * ("../judicialPay/guidance"), or a path outside the registry ("/info/…"); see guidanceActionPath.
       */
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
  icon?: ComponentType;
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

/**
 * Where a registry is mounted: "/" for the customer app (spec §2's paths), "/console" for the
 * operator console. Every path and resource name derived from a registry starts with it.
 */
export type RegistryBase = string;

/** A section where the app mounts it: what every path of the section is derived from. */
export interface SectionPlace {
  base: RegistryBase;
  main: MainSectionDefinition;
  section: SectionDefinition;
}

/** One page of the registry as the app routes to it (derive.ts deriveRoutes). */
export interface SectionRoute extends SectionPlace {
  /** The full path, e.g. /evidenceSave/fileEvidence/dataList/Certificate. */
  path: string;
  /**
   * The section's route key below the site root, which refine and the access-control provider know
   * it by: "evidenceSave/fileEvidence", "console/review/identity".
   */
  resource: string;
  page: PageDefinition;
}

/**
 * What every page the registry renders receives, generic kind or custom screen: the route it
 * renders, with its main section, section (and the section's data) and page. No page looks itself
 * up by pathname.
 */
export interface SectionPageProps {
  route: SectionRoute;
}
