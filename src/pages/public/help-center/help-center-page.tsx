import { SearchOutlined } from "@ant-design/icons";
import { Breadcrumb, Button, Card, Col, Empty, Result, Row, Skeleton, Tree } from "antd";
import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { helpCenterPath, PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";
import { PublicPageLayout } from "../../../components/public-page/public-page-layout";
import { useHelpCenterClient, type HelpCenterClient } from "../../../providers/help-center-client";
import { HELP_MENU_NOT_FOUND_MESSAGE, isHelpArticleKind, MenuIdSchema, type HelpMenuNode } from "../../../schema/help-center";
import { ArticleIdSchema } from "../../../schema/news";
import { HelpArticleDetailView } from "./help-article-detail";
import { EvidenceArticleList, FaqList, UserBookChapterList, UserBookChapterNav, type Leaf } from "./help-article-lists";
import { firstLeaf, isLeaf, pathTo, type HelpMenuLeaf } from "./help-menu-tree";
import { useHelpArticle } from "./help-queries";
import { HelpSearchDrawer, SEARCH_PLACEHOLDER } from "./help-search-drawer";
import { EleEvidenceView } from "./ele-evidence-view";
import { LawCaseList } from "./law-case-list";
import { LawSuitPackageView } from "./lawsuit-package-view";

export const HELP_CENTER_TITLE = "帮助中心";
const RESULT_CRUMB = "验证结果";

/**
 * /helpcenter (spec §2): the menu tree on the left, the chosen leaf's content on the right, chosen
 * by the leaf's code; everything follows the URL query (`code`, `menuId`, `articleId`), so back,
 * forward and a pasted address show the same view. Without a menuId the first leaf opens.
 */
export function HelpCenterPage() {
  const client = useHelpCenterClient();
  const [menus, setMenus] = useState<HelpMenuNode[] | null>(null);
  const [isSearchOpen, setSearchOpen] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    // A failed menu reads as an empty one (spec §8: other fetch failures are silent).
    client.menu().then(
      (loaded) => isCurrent && setMenus(loaded),
      () => isCurrent && setMenus([]),
    );
    return () => {
      isCurrent = false;
    };
  }, [client]);

  return (
    <PublicPageLayout
      title={HELP_CENTER_TITLE}
      lead={
        <Button type="link" icon={<SearchOutlined />} onClick={() => setSearchOpen(true)} style={{ paddingInline: 0 }}>
          {SEARCH_PLACEHOLDER}
        </Button>
      }
    >
      {menus === null ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : menus.length === 0 ? (
        <Card>
          <Empty description="暂无数据" />
        </Card>
      ) : (
        <HelpCenterBody menus={menus} client={client} />
      )}
      <HelpSearchDrawer open={isSearchOpen} onClose={() => setSearchOpen(false)} />
    </PublicPageLayout>
  );
}

function HelpCenterBody({ menus, client }: { menus: HelpMenuNode[]; client: HelpCenterClient }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  // The result crumb belongs to the view it was earned on: another address drops it.
  const [verifiedAt, setVerifiedAt] = useState<string | null>(null);

  const menuId = params.has("menuId") ? MenuIdSchema.safeParse(params.get("menuId")) : null;
  const articleId = params.has("articleId") ? ArticleIdSchema.safeParse(params.get("articleId")) : null;
  const path = menuId === null ? null : menuId.success ? pathTo(menus, menuId.data) : [];
  const leaf = menuId === null ? firstLeaf(menus) : path && path.length > 0 && isLeaf(path[path.length - 1]) ? (path[path.length - 1] as HelpMenuLeaf) : null;
  const trail = leaf ? (path ?? pathTo(menus, leaf.id) ?? [leaf]) : [];
  const openArticleId = leaf && isHelpArticleKind(leaf.code) && articleId?.success ? articleId.data : null;

  const open = (node: HelpMenuNode) => {
    // A group does nothing (spec §2); the open leaf's list is where it already is, unless an article is open.
    if (isLeaf(node) && (node.id !== leaf?.id || openArticleId !== null)) navigate(helpCenterPath({ code: node.code, menuId: node.id }));
  };

  return (
    <Row gutter={24}>
      <Col xs={24} md={7} lg={6}>
        <Card size="small" title="目录" style={{ marginBottom: 16 }}>
          <MenuTree menus={menus} selectedId={leaf?.id ?? null} onOpen={open} />
        </Card>
      </Col>
      <Col xs={24} md={17} lg={18}>
        <Breadcrumb
          style={{ marginBottom: 16 }}
          items={[
            { key: "root", title: <Link to={PUBLIC_PAGE_PATHS.helpCenter}>{HELP_CENTER_TITLE}</Link> },
            ...trail.map((node) => ({
              key: String(node.id),
              title: isLeaf(node) && (openArticleId !== null || verifiedAt === search) ? <Link to={helpCenterPath({ code: node.code, menuId: node.id })}>{node.name}</Link> : node.name,
            })),
            ...(leaf && openArticleId !== null ? [{ key: "article", title: <ArticleCrumb leaf={leaf} articleId={openArticleId} /> }] : []),
            ...(verifiedAt === search ? [{ key: "result", title: RESULT_CRUMB }] : []),
          ]}
        />
        {leaf ? (
          <LeafContent key={`${leaf.id}:${openArticleId ?? ""}`} leaf={leaf} articleId={openArticleId} client={client} onVerified={(isVerified) => setVerifiedAt(isVerified ? search : null)} />
        ) : (
          <Result status="warning" title={HELP_MENU_NOT_FOUND_MESSAGE} extra={<Link to={PUBLIC_PAGE_PATHS.helpCenter}>返回帮助中心</Link>} />
        )}
      </Col>
    </Row>
  );
}

/** The menu tree, checkable as the spec draws it; the open leaf is both selected and checked. */
function MenuTree({ menus, selectedId, onOpen }: { menus: HelpMenuNode[]; selectedId: number | null; onOpen: (node: HelpMenuNode) => void }) {
  type TreeNode = { key: number; title: string; menu: HelpMenuNode; children: TreeNode[] };
  const toTree = (nodes: HelpMenuNode[]): TreeNode[] => nodes.map((node) => ({ key: node.id, title: node.name, menu: node, children: toTree(node.children) }));
  const keys = selectedId === null ? [] : [selectedId];
  return (
    <nav aria-label="帮助中心目录">
      <Tree<TreeNode>
        checkable
        checkStrictly
        defaultExpandAll
        blockNode
        treeData={toTree(menus)}
        selectedKeys={keys}
        checkedKeys={keys}
        onSelect={(_keys, info) => onOpen(info.node.menu)}
        onCheck={(_keys, info) => onOpen(info.node.menu)}
      />
    </nav>
  );
}

function ArticleCrumb({ leaf, articleId }: { leaf: HelpMenuLeaf; articleId: number }) {
  const { datas } = useHelpArticle(leaf.code, articleId);
  return <>{datas?.cmsArticle.title ?? "…"}</>;
}

function LeafContent({ leaf, articleId, client, onVerified }: { leaf: Leaf; articleId: number | null; client: HelpCenterClient; onVerified: (isVerified: boolean) => void }): ReactNode {
  if (articleId !== null && leaf.code === "HLUSERBOOK") {
    return (
      <Row gutter={16}>
        <Col xs={24} xl={17}>
          <HelpArticleDetailView leaf={leaf} articleId={articleId} />
        </Col>
        <Col xs={24} xl={7}>
          <Card size="small" title="手册目录">
            <UserBookChapterNav leaf={leaf} articleId={articleId} />
          </Card>
        </Col>
      </Row>
    );
  }
  if (articleId !== null) return <HelpArticleDetailView leaf={leaf} articleId={articleId} />;
  switch (leaf.code) {
    case "HLEVIDENCE":
      return <EvidenceArticleList leaf={leaf} />;
    case "HLQUESTION":
      return <FaqList leaf={leaf} />;
    case "HLLAWCASE":
      return <LawCaseList leaf={leaf} />;
    case "HLUSERBOOK":
      return <UserBookChapterList leaf={leaf} />;
    case "HLSUITPACKAGE":
      return <LawSuitPackageView client={client} onVerified={onVerified} />;
    case "HLELEEVIDENCE":
      return <EleEvidenceView client={client} />;
  }
}
