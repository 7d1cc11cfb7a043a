import { evidenceSave } from "./evidenceSave";
import { evidenceTaken } from "./evidenceTaken";
import { evidences } from "./evidences";
import { judicial } from "./judicial";
import { lawService } from "./lawService";
import { monitor } from "./monitor";
import { personal } from "./personal";
import { rights } from "./rights";
import type { Registry } from "./types";

/**
 * The main sections in the spec's order (§2 "Main navigation sections"). Routes, the main and
 * side navigation and refine's resources are all derived from this list (derive.ts); adding a
 * section is one entry in its main section's file.
 */
export const REGISTRY: Registry = [evidenceSave, evidenceTaken, evidences, judicial, lawService, monitor, rights, personal];
