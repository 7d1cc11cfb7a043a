import { Card, Typography } from "antd";
import type { ReactNode } from "react";

/** A personal-centre page inside the logged-in shell: its title and its content, nothing else. */
export function PersonalPage({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
      }
      extra={extra}
      style={{ maxWidth: 1080 }}
    >
      {children}
    </Card>
  );
}
