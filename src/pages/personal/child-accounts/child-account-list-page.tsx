import { PlusOutlined } from "@ant-design/icons";
import { useList } from "@refinedev/core";
import { Alert, App, Table } from "antd";
import { useMemo, useState } from "react";
import { APP_PATHS } from "../../../app/path-rules";
import { ListFilterBar, listFilterNames } from "../../../components/list-filter/list-filter-bar";
import { RouterLinkButton } from "../../../components/router-link-button";
import { usePersonalServices } from "../../../providers/personal-context";
import type { ListFilter } from "../../../resources/types";
import { CHILD_ACCOUNT_KEYWORD_MAX_LENGTH, CHILD_ACCOUNT_STATUSES, type ChildAccount } from "../../../schema/child-account";
import { ResultCode } from "../../../schema/envelope";
import { PAGE_SIZE_OPTIONS } from "../../../schema/paging";
import { PersonalPage } from "../personal-page";
import { childAccountColumns } from "./child-account-columns";
import { CHILD_ACCOUNT_META, CHILD_ACCOUNT_RESOURCE } from "./child-account-resource";
import { MainAccountOnly } from "./main-account-only";
import { RenameDialog } from "./rename-dialog";
import { useClearPageBeyond, useUrlPaging } from "../../../components/pagination/use-url-paging";

const FILTERS: readonly ListFilter[] = [
  { kind: "keyword", field: "keyword", label: "关键字", placeholder: "登录账号或名称", maxLength: CHILD_ACCOUNT_KEYWORD_MAX_LENGTH, width: 260 },
  { kind: "select", field: "status", label: "状态", placeholder: "全部状态", options: CHILD_ACCOUNT_STATUSES.map((status) => ({ value: status.id, label: status.name })), width: 140 },
];
const FILTER_NAMES = listFilterNames(FILTERS);

/** /personal/childAccountManagement/dataList: the main account's sub-accounts, paged and filtered in the URL. */
export function ChildAccountListPage() {
  return (
    <PersonalPage title="子账号列表">
      <MainAccountOnly>
        <ChildAccountList />
      </MainAccountOnly>
    </PersonalPage>
  );
}

function ChildAccountList() {
  const { childAccounts } = usePersonalServices();
  const { message } = App.useApp();
  const paging = useUrlPaging(FILTER_NAMES);
  const { pageNumber, pageSize, filters } = paging;
  const [renaming, setRenaming] = useState<ChildAccount | null>(null);
  const { result, query } = useList<ChildAccount>({
    resource: CHILD_ACCOUNT_RESOURCE,
    pagination: { currentPage: pageNumber, pageSize, mode: "server" },
    filters: FILTER_NAMES.map((field) => ({ field, operator: "eq" as const, value: filters[field] })),
    meta: CHILD_ACCOUNT_META,
  });
  const total = result.total;
  useClearPageBeyond(paging, total === undefined ? undefined : Math.ceil(total / pageSize));

  const columns = useMemo(
    () =>
      childAccountColumns({
        onRename: setRenaming,
        onToggle: async (child) => {
          const envelope = await (child.status === "active" ? childAccounts.disable(child.id) : childAccounts.enable(child.id));
          if (envelope.code === ResultCode.success) message.success(child.status === "active" ? "已停用" : "已启用");
          else message.error(envelope.message);
          await query.refetch();
        },
      }),
    [childAccounts, message, query],
  );

  async function rename(name: string): Promise<string | null> {
    if (!renaming) return null;
    const envelope = await childAccounts.rename(renaming.id, name);
    if (envelope.code !== ResultCode.success) return envelope.message;
    setRenaming(null);
    message.success("已修改名称");
    await query.refetch();
    return null;
  }

  return (
    <>
      <ListFilterBar filters={FILTERS} values={filters} onApply={paging.setFilters}>
        <RouterLinkButton type="primary" icon={<PlusOutlined />} to={APP_PATHS.createChildAccount}>
          新建子账号
        </RouterLinkButton>
      </ListFilterBar>
      {query.error && <Alert type="error" showIcon message={query.error.message} style={{ marginBottom: 16 }} />}
      <Table<ChildAccount>
        rowKey="id"
        columns={columns}
        dataSource={result.data}
        loading={query.isFetching}
        locale={{ emptyText: "暂无子账号" }}
        pagination={{
          current: pageNumber,
          pageSize,
          total,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (count) => `共 ${count} 条`,
          onChange: (nextPage, nextSize) => paging.setPaging(nextSize === pageSize ? nextPage : 1, nextSize),
        }}
      />
      <RenameDialog child={renaming} onCancel={() => setRenaming(null)} onRename={rename} />
    </>
  );
}
