import { useDataProvider } from "@refinedev/core";
import { useMemo } from "react";
import { EXTRACTION_CAPTCHA_ENDPOINT } from "../schema/account";
import type { EndpointDatas } from "../schema/contract";
import { HELP_CENTER_ENDPOINTS, HelpMenuNodeSchema, type HelpMenuNode } from "../schema/help-center";
import { LAWSUIT_PACKAGE_ENDPOINTS, type LawSuitPackageForm } from "../schema/lawsuit-package";
import { useSessionStore } from "./session-context";
import type { StorageLike } from "./session-store";
import { createSignedUrlBuilder } from "./signed-url";
import { queryEndpoint } from "./use-endpoint";

/**
 * The help centre's calls that are not a plain list or detail query (those go through
 * useEndpointQuery): the menu tree, kept for the browser session so moving between articles does
 * not fetch it again (spec §2); the litigation package's captcha and check; the principles PDF's
 * download address. Each resolves with `datas` or rejects with refine's HttpError.
 */
export interface HelpCenterClient {
  /** The root's children (datas[0].children): the menus a visitor sees. */
  menu(): Promise<HelpMenuNode[]>;
  packageCaptcha(): Promise<string>;
  lawSuitPackage(form: LawSuitPackageForm): Promise<EndpointDatas<typeof LAWSUIT_PACKAGE_ENDPOINTS.getLawSuitPackage>>;
  principlesPdfUrl(): string;
  /**
   * The signed address of a package's download, made when it is clicked: the server's filePath
   * carries the ticket (valid 30 minutes), and a signature is good for 5 minutes only.
   */
  packageDownloadUrl(filePath: string): string;
}

/** sessionStorage key of the cached menu tree. */
export const HELP_MENU_CACHE_KEY = "helpCenterMenu";
const MenuCacheSchema = HelpMenuNodeSchema.array();

export function useHelpCenterClient(storage: StorageLike | undefined = globalThis.sessionStorage): HelpCenterClient {
  const dataProvider = useDataProvider()();
  const sessionStore = useSessionStore();
  return useMemo(() => {
    const signedUrl = createSignedUrlBuilder({ sessionStore, now: Date.now });
    return {
      async menu() {
        const cached = readCache(storage);
        if (cached) return cached;
        const datas = await queryEndpoint(dataProvider, HELP_CENTER_ENDPOINTS.getHelpCenterList, {});
        const menus = datas[0]?.children ?? [];
        // An empty tree is not kept: the next visit asks again, in case menus were published since.
        if (menus.length > 0) storage?.setItem(HELP_MENU_CACHE_KEY, JSON.stringify(menus));
        return menus;
      },
      packageCaptcha: async () => (await queryEndpoint(dataProvider, EXTRACTION_CAPTCHA_ENDPOINT, { time: String(Date.now()) })).codeBase64,
      lawSuitPackage: (form) => queryEndpoint(dataProvider, LAWSUIT_PACKAGE_ENDPOINTS.getLawSuitPackage, form),
      principlesPdfUrl: () => signedUrl(LAWSUIT_PACKAGE_ENDPOINTS.exportEleEvidencePdf, {}),
      packageDownloadUrl: (filePath) => signedUrl(LAWSUIT_PACKAGE_ENDPOINTS.downloadLawSuitPackage, { ticket: new URL(filePath, "http://localhost").searchParams.get("ticket") ?? "" }),
    };
  }, [dataProvider, sessionStore, storage]);
}

/** A cached tree that no longer parses (an older shape) is ignored. */
function readCache(storage: StorageLike | undefined): HelpMenuNode[] | null {
  const text = storage?.getItem(HELP_MENU_CACHE_KEY);
  if (!text) return null;
  try {
    const parsed = MenuCacheSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
