import { isSectionOpen } from "./availability";
import { ROOT_BASE, sectionLabel, sectionResource } from "./derive";
import { REGISTRY } from "./registry";
import type { MainSectionDefinition, Registry, SectionDefinition } from "./types";

/**
 * What this installation offers, in one place, so that no public page can contradict the app: the
 * registry's sections (open or not, availability.ts) and the few services that are not registry
 * sections, with what this installation has of them. For the public pages, which the registry does
 * not load; a page the registry loads must not import this module.
 */

/** Services of the platform that are not a registry section, and whether this installation has them. */
export const OTHER_SERVICES = {
  /** /info/certificate and /info/validateQuery check certificates in the browser against the ledger. */
  publicVerification: { label: "查询验证", isOffered: true },
  /** /info/extractLogin: a third party sees what an extraction code grants. */
  extractionByCode: { label: "凭提取码查看证据", isOffered: true },
  /** The notary offices' console (/notary): its own accounts and login. */
  notaryConsole: { label: "公证处工作台", isOffered: true },
  /** /opendocs, generated from the same schemas as the calls. */
  apiDocumentation: { label: "接口文档", isOffered: true },
  /** /legalXGPT: answers with cited sources, written by a configured model or extractive without one. */
  legalAssistant: { label: "法律AI助手", isOffered: true },
  /** Contracts signed through a contract service and stored whole; there is no such service here. */
  contractSigning: { label: "电子合同签署", isOffered: false },
  /** Sharing a piece of evidence from the mobile app, which has not been released. */
  evidenceSharing: { label: "证据分享", isOffered: false },
} as const satisfies Record<string, { label: string; isOffered: boolean }>;
export type OtherService = keyof typeof OTHER_SERVICES;

/** A service a page talks about: a registry section by its route key ("evidenceSave/fileEvidence"), a whole main section ("monitor"), or another service. */
export type ServiceRef = { section: string } | { main: string } | { service: OtherService };

/** The registry section with this route key; an unknown key is a mistake in the code, so it throws. */
export function findSection(resource: string, registry: Registry = REGISTRY): SectionDefinition {
  for (const main of registry) {
    for (const section of main.sections) if (sectionResource({ base: ROOT_BASE, main, section }) === resource) return section;
  }
  throw new Error(`No registry section ${resource}`);
}

function findMain(key: string, registry: Registry = REGISTRY): MainSectionDefinition {
  const main = registry.find((candidate) => candidate.key === key);
  if (!main) throw new Error(`No main section ${key}`);
  return main;
}

export function isOffered(ref: ServiceRef): boolean {
  if ("section" in ref) return isSectionOpen(findSection(ref.section));
  if ("main" in ref) return findMain(ref.main).sections.every(isSectionOpen);
  return OTHER_SERVICES[ref.service].isOffered;
}

export function serviceLabel(ref: ServiceRef): string {
  if ("section" in ref) return sectionLabel(findSection(ref.section));
  if ("main" in ref) return findMain(ref.main).title;
  return OTHER_SERVICES[ref.service].label;
}

/** "网页快照取证、在线公证尚未在本平台开放" for those of `refs` that are not offered; null when all are. */
export function notOfferedSentence(refs: readonly ServiceRef[]): string | null {
  const missing = refs.filter((ref) => !isOffered(ref)).map(serviceLabel);
  return missing.length === 0 ? null : `${missing.join("、")}尚未在本平台开放`;
}

/** "已开放：文件存证、查询验证；尚未开放：网页快照取证、在线公证" (either half left out when empty). */
export function availabilityLine(refs: readonly ServiceRef[]): string {
  const open = refs.filter(isOffered).map(serviceLabel);
  const pending = refs.filter((ref) => !isOffered(ref)).map(serviceLabel);
  return [open.length > 0 ? `已开放：${open.join("、")}` : "", pending.length > 0 ? `尚未开放：${pending.join("、")}` : ""].filter(Boolean).join("；");
}

/**
 * The main navigation's services as open or not yet open (a main section by its name when all of
 * its sections agree, else section by section), then the other services; for pages that sum up
 * what the platform offers.
 */
export function availabilitySummary(registry: Registry = REGISTRY): { open: string[]; pending: string[] } {
  const summary = { open: [] as string[], pending: [] as string[] };
  for (const main of registry.filter((candidate) => !candidate.isHiddenFromMainNav)) {
    const open = main.sections.filter(isSectionOpen);
    if (open.length === main.sections.length) summary.open.push(main.title);
    else if (open.length === 0) summary.pending.push(main.title);
    else for (const section of main.sections) (isSectionOpen(section) ? summary.open : summary.pending).push(sectionLabel(section));
  }
  for (const service of Object.values(OTHER_SERVICES)) (service.isOffered ? summary.open : summary.pending).push(service.label);
  return summary;
}
