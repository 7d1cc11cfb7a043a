import { ExportOutlined } from "@ant-design/icons";
import { Alert, Drawer, Empty, Flex, Skeleton, Typography } from "antd";
import type { Dapp } from "../../schema/common";
import { useRelatedApps } from "./use-related-apps";

export const RELATED_APPS_TEXT = {
  title: "相关应用",
  enter: "快速进入",
  empty: "暂无相关应用",
  failed: "相关应用暂时无法加载，请稍后重新打开。",
} as const;

const DRAWER_WIDTH = 800;

/**
 * The left drawer of related applications (spec §2 shell): one group per category 1-4, each app
 * with its logo, name, description and a quick-enter link that opens in a new tab.
 */
export function RelatedAppsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { groups, isLoading, isError } = useRelatedApps(open);
  return (
    <Drawer title={RELATED_APPS_TEXT.title} placement="left" width={DRAWER_WIDTH} open={open} onClose={onClose} destroyOnHidden>
      {isLoading ? (
        <Skeleton active />
      ) : isError ? (
        <Alert type="warning" showIcon message={RELATED_APPS_TEXT.failed} />
      ) : groups.length === 0 ? (
        <Empty description={RELATED_APPS_TEXT.empty} />
      ) : (
        groups.map((group) => (
          <section key={group.category} aria-label={group.title} style={{ marginBottom: 28 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              {group.title}
            </Typography.Title>
            <Flex wrap gap={16}>
              {group.apps.map((app) => (
                <RelatedAppCard key={`${app.dapp_name}-${app.dapp_home_url}`} app={app} />
              ))}
            </Flex>
          </section>
        ))
      )}
    </Drawer>
  );
}

/** `width` is the card width the server chose for the app (spec §3); the console's preview draws a draft with it. */
export function RelatedAppCard({ app }: { app: Dapp }) {
  return (
    <article
      aria-label={app.dapp_name}
      style={{ width: app.width, maxWidth: "100%", boxSizing: "border-box", display: "flex", gap: 12, padding: 16, border: "1px solid #f0f0f0", borderRadius: 8 }}
    >
      <img src={app.menu_logo} alt="" width={44} height={44} style={{ flex: "none", borderRadius: 8 }} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text strong>{app.dapp_name}</Typography.Text>
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: app.description }} style={{ margin: "4px 0 8px", fontSize: 13 }}>
          {app.description}
        </Typography.Paragraph>
        <a href={app.dapp_home_url} target="_blank" rel="noopener" aria-label={`${RELATED_APPS_TEXT.enter}${app.dapp_name}（新标签页打开）`}>
          {RELATED_APPS_TEXT.enter} <ExportOutlined />
        </a>
      </div>
    </article>
  );
}
