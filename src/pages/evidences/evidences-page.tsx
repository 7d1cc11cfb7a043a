import { Breadcrumb, Card, Typography } from "antd";
import type { ReactNode } from "react";

/** An evidence-library page inside the logged-in shell: where it is, its title, its content. */
export function EvidencesPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <div style={{ maxWidth: 1200 }}>
      <Breadcrumb style={{ marginBottom: 12 }} items={[{ title: "证据库" }, { title }]} />
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        }
        extra={extra}
      >
        {children}
      </Card>
    </div>
  );
}
