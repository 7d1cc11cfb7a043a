import { inject } from "vitest";
import { useRunLoginKey } from "./server-process.js";

// Runs before each end-to-end file: servers the file starts itself get the run's login key too.
useRunLoginKey(inject("loginKeyPem"));
