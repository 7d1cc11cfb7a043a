import { Alert, Space } from "antd";
import { Link } from "react-router";

/** Above a form that spends a package's units when none is left: why nothing can start, and where to get more. */
export function NoUnitsAlert({ message, links }: { message: string; links: readonly { to: string; label: string }[] }) {
  return (
    <Alert
      role="alert"
      type="warning"
      showIcon
      message={message}
      description={
        <Space wrap style={{ marginTop: 8 }}>
          {links.map((link) => (
            <Link key={link.to} to={link.to}>
              {link.label}
            </Link>
          ))}
        </Space>
      }
    />
  );
}
