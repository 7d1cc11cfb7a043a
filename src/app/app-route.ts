import type { ReactNode } from "react";

/** A route outside the registry: a page, or a path that leads on to another. */
export type AppRoute = { path: string; element: ReactNode } | { path: string; redirectTo: string };
