import { Card, Col, Empty, List, Row, Space, Tag, Typography } from "antd";
import { createElement } from "react";
import { Link } from "react-router";
import { APP_PATHS } from "../../../app/path-rules";
import { useOperatorSession } from "../../../providers/session-context";
import { CONSOLE_REGISTRY } from "../../../resources/console/registry";
import { sectionLabel, sectionLandingPath, isSectionVisible } from "../../../resources/derive";
import type { Registry } from "../../../resources/types";
import { CONSOLE_PERMISSIONS, OPERATOR_ROLES } from "../../../schema/console/permissions";

/**
 * /console: whom the console has signed in, with which roles, and what each section they may use
 * is for, with a link to it. The sections come from the console registry, filtered as the menu is.
 */
export function ConsoleHomePage({ registry = CONSOLE_REGISTRY }: { registry?: Registry }) {
  const session = useOperatorSession();
  if (!session) return null;
  const { operator } = session;
  const viewer = { permissions: operator.permissions };
  const mains = registry
    .map((main) => ({ main, sections: main.sections.filter((section) => isSectionVisible(section, viewer)) }))
    .filter(({ sections }) => sections.length > 0);
  const hasSections = registry.some((main) => main.sections.length > 0);

  return (
    <Space direction="vertical" size={24} style={{ width: "100%", maxWidth: 1200 }}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {operator.name}，欢迎使用衡证运营后台
        </Typography.Title>
        <Space direction="vertical" size={8}>
          <Typography.Text type="secondary">操作员账号：{operator.account}</Typography.Text>
          <div>
            <Typography.Text type="secondary">当前角色：</Typography.Text>
            {operator.roles.map((role) => (
              <Tag key={role} color="blue">
                {OPERATOR_ROLES[role].title}
              </Tag>
            ))}
          </div>
          {operator.roles.map((role) => (
            <Typography.Text key={role} type="secondary">
              {OPERATOR_ROLES[role].title}：{OPERATOR_ROLES[role].description}
            </Typography.Text>
          ))}
        </Space>
      </Card>
      {mains.length === 0 ? (
        <Card>
          <Empty description={hasSections ? "您的角色暂无可用的功能，如需开通请联系管理员" : "运营后台的功能正在建设中"} />
        </Card>
      ) : (
        <Row gutter={[24, 24]}>
          {mains.map(({ main, sections }) => (
            <Col key={main.key} xs={24} lg={12}>
              <Card title={<Space>{main.icon && createElement(main.icon)}{main.title}</Space>}>
                <List
                  itemLayout="horizontal"
                  dataSource={sections}
                  renderItem={(section) => (
                    <List.Item actions={[<Link key="open" to={sectionLandingPath({ base: APP_PATHS.console, main, section })}>进入</Link>]}>
                      <List.Item.Meta
                        avatar={section.icon && createElement(section.icon)}
                        title={<Link to={sectionLandingPath({ base: APP_PATHS.console, main, section })}>{sectionLabel(section)}</Link>}
                        description={section.description ?? (section.permission && CONSOLE_PERMISSIONS[section.permission])}
                      />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
    </Space>
  );
}
