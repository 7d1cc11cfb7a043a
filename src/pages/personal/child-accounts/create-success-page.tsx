import { Alert, Descriptions, Result, Skeleton, Space } from "antd";
import { useSearchParams } from "react-router";
import { RouterLinkButton } from "../../../components/router-link-button";
import { usePersonalServices } from "../../../providers/personal-context";
import { siblingPath, type SectionPageProps } from "../../../resources/derive";
import { useEnvelope } from "../use-envelope";
import { PersonalPage } from "../personal-page";
import { MainAccountOnly } from "./main-account-only";

/** /personal/childAccountManagement/createSuccess?id=…: what was created, read back from the server. */
export function CreateSuccessPage({ route }: SectionPageProps) {
  return (
    <PersonalPage title={route.page.title}>
      <MainAccountOnly>
        <CreatedChild listPath={siblingPath(route, "dataList")} createPath={siblingPath(route, "createChildAccount")} />
      </MainAccountOnly>
    </PersonalPage>
  );
}

function CreatedChild({ listPath, createPath }: { listPath?: string; createPath?: string }) {
  const { childAccounts } = usePersonalServices();
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const child = useEnvelope(() => childAccounts.get(id));

  if (child.message) return <Alert type="error" showIcon message={child.message} />;
  if (!child.data) return <Skeleton active />;
  return (
    <Result
      status="success"
      title="子账号创建成功"
      subTitle="请将登录账号和初始密码告知使用人；子账号首次登录时须修改初始密码。"
      extra={
        <Space>
          {listPath && (
            <RouterLinkButton type="primary" to={listPath}>
              返回子账号列表
            </RouterLinkButton>
          )}
          {createPath && <RouterLinkButton to={createPath}>继续创建</RouterLinkButton>}
        </Space>
      }
    >
      <Descriptions
        column={1}
        bordered
        size="small"
        items={[
          { key: "account", label: "登录账号", children: child.data.loginAccount },
          { key: "name", label: "名称", children: child.data.name },
          { key: "status", label: "状态", children: child.data.statusName },
          { key: "createTime", label: "创建时间", children: child.data.createTime },
        ]}
      />
    </Result>
  );
}
