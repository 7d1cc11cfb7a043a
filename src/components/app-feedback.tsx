import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from "react";
import { withAntdScope } from "../app/antd-part";
import { createModalStore } from "../providers/modal-store";
import type { ExportRecordsModalStore, ExportRecordsOptions } from "./export-records-modal";
import { lazyModalHost } from "./lazy-modal-host";
import { createLoadingStore, type LoadingStore } from "./loading-store";
import type { PackagingModalStore, PackagingOptions } from "./packaging-countdown-modal";

const ExportRecordsModalHost = lazyModalHost<ExportRecordsOptions>(() => withAntdScope(() => import("./export-records-modal").then((module) => module.ExportRecordsModalHost)));
const PackagingCountdownModalHost = lazyModalHost<PackagingOptions>(() => withAntdScope(() => import("./packaging-countdown-modal").then((module) => module.PackagingCountdownModalHost)));

/**
 * The shell's feedback state (spec §3 "application state": loading flags and the action modals
 * next to the message modal): built once with the app's services, so providers can raise it too,
 * and handed to pages through context.
 */
export interface AppFeedback {
  loading: LoadingStore;
  exportRecords: ExportRecordsModalStore;
  packaging: PackagingModalStore;
}

export function createAppFeedback(): AppFeedback {
  return { loading: createLoadingStore(), exportRecords: createModalStore<ExportRecordsOptions>(), packaging: createModalStore<PackagingOptions>() };
}

const AppFeedbackContext = createContext<AppFeedback | null>(null);

/** Provides the feedback state and mounts the export-records and packaging modals once. */
export function AppFeedbackProvider({ feedback, children }: { feedback: AppFeedback; children: ReactNode }) {
  return (
    <AppFeedbackContext.Provider value={feedback}>
      {children}
      <ExportRecordsModalHost store={feedback.exportRecords} />
      <PackagingCountdownModalHost store={feedback.packaging} />
    </AppFeedbackContext.Provider>
  );
}

export function useAppFeedback(): AppFeedback {
  const feedback = useContext(AppFeedbackContext);
  if (!feedback) throw new Error("useAppFeedback must be used inside <AppFeedbackProvider>");
  return feedback;
}

/** Whether anything has raised the loading flag. */
export function useIsAppLoading(): boolean {
  const { loading } = useAppFeedback();
  return useSyncExternalStore(loading.subscribe, loading.isLoading);
}

/** Raises the loading flag while `isActive` holds, e.g. `useLoadingWhile(mutation.isPending)`. */
export function useLoadingWhile(isActive: boolean): void {
  const { loading } = useAppFeedback();
  useEffect(() => (isActive ? loading.begin() : undefined), [isActive, loading]);
}
