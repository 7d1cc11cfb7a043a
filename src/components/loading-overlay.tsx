import { Spin } from "antd";
import type { ReactNode } from "react";
import { useIsAppLoading } from "./app-feedback";

export const LOADING_OVERLAY_TEXT = "处理中，请稍候…";

/** The loading overlay of spec §2 over the shell's content, shown while the app's loading flag is raised. */
export function LoadingOverlay({ children }: { children: ReactNode }) {
  const isLoading = useIsAppLoading();
  return (
    <Spin spinning={isLoading} tip={LOADING_OVERLAY_TEXT} size="large">
      {children}
    </Spin>
  );
}
