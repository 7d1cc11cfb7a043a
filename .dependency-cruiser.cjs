/**
 * The import rules of DESIGN.md §2 and STYLE.md habit 6, checked by `npm run lint:boundaries`
 * (a phase of `npm test`). Only src/, isomorphic/ and server/ are cruised: tests, benchmarks and scripts
 * import whatever they need. Type-only imports count (tsPreCompilationDeps), so a type cannot sneak
 * a dependency in either.
 */
/**
 * The checks of src/verification that the server runs as well (the digital report re-runs them on
 * stored evidence): the same code in the browser, the offline verifier and the report.
 */
const SHARED_CHECKS =
  "^src/verification/(certificate-check|certificate-checks|holder-identity-check|ledger-crypto|package-zip|wacz-check|recording-check|pdf-objects|pdf-attachments|digital-report-check)\\.ts$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "schema-imports-only-zod",
      comment:
        "src/schema is the contract both sides import: zod, pure shared code (isomorphic/) and the spec's region table " +
        "(@vant/area-data, plain data) only; nothing from the rest of src/, server/, React or antd.",
      severity: "error",
      from: { path: "^src/schema/" },
      to: { pathNot: ["^src/schema/", "^isomorphic/", "^node_modules/zod/", "^node_modules/@vant/area-data/"] },
    },
    {
      name: "isomorphic-imports-nothing-outside",
      comment:
        "isomorphic/ runs in the browser, the offline verifier and the server alike: no package, no node: module, " +
        "nothing from src/ or server/. Platform primitives come in as arguments (isomorphic/ledger/crypto.ts).",
      severity: "error",
      from: { path: "^isomorphic/" },
      to: { pathNot: "^isomorphic/" },
    },
    {
      name: "src-never-imports-server",
      comment: "The browser bundle must not reach the back end; code both sides run lives in src/schema or isomorphic/.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^server/" },
    },
    {
      name: "server-imports-only-schema-from-src",
      comment:
        "The server may share the contract (src/schema) and nothing else of the client, except the verification " +
        "checks a court re-runs (SHARED_CHECKS): the digital report runs exactly those, so there is no second verifier.",
      severity: "error",
      from: { path: "^server/" },
      to: { path: "^src/", pathNot: ["^src/schema/", SHARED_CHECKS] },
    },
    {
      name: "shared-checks-stay-plain",
      comment: "The verification checks the server runs too import no UI, provider or page: plain functions of their arguments.",
      severity: "error",
      from: { path: SHARED_CHECKS },
      to: { path: ["^src/(app|components|pages|providers|resources)/", "^node_modules/(react|react-dom|antd|@ant-design|@refinedev)/"] },
    },
    {
      name: "resources-load-pages-lazily",
      comment:
        "The registry (src/resources) names custom pages only through the dynamic import() loaders it declares, " +
        "so pages can take their route from the registry without an import circle.",
      severity: "error",
      from: { path: "^src/resources/" },
      to: { path: "^src/pages/", dependencyTypesNot: ["dynamic-import"] },
    },
    {
      name: "resources-independent",
      comment: "One main section does not import another; what they share is in src/resources/*.ts.",
      severity: "error",
      from: { path: "^src/resources/([^/]+)/" },
      to: { path: "^src/resources/[^/]+/", pathNot: "^src/resources/$1/" },
    },
    {
      name: "providers-below-ui",
      comment: "Providers (data, auth, http) sit under the UI: they import neither components nor pages.",
      severity: "error",
      from: { path: "^src/providers/" },
      to: { path: "^src/(components|pages)/" },
    },
    {
      name: "no-circular-in-src",
      comment: "No import circles in the client (dynamic import() loaders excepted: they do not form a load-time cycle).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "Every import must resolve, or the rules above could not see it.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
