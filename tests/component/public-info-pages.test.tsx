import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { NewsListPage } from "../../src/pages/info/activity-product/news-list-page";
import { BigDataPage } from "../../src/pages/info/big-data/big-data-page";
import { BlockChainPage } from "../../src/pages/info/block-chain/block-chain-page";
import { NewsDetailPage } from "../../src/pages/info/details-product/news-detail-page";
import { LedgerQueryPage } from "../../src/pages/info/ledger-queries/ledger-query-page";
import { pendingStatement } from "../../src/pages/info/ledger-queries/ledger-query-pending";
import { XCONTRACT_CERTIFICATE } from "../../src/pages/info/ledger-queries/xcontract-certificate";
import { ProductPage } from "../../src/pages/info/product/product-page";
import { CHAIN_STATS_ENDPOINT } from "../../src/schema/chain-live";
import { NEWS_ENDPOINTS } from "../../src/schema/news";
import { fail, ok } from "./account-harness";
import { renderPublicPage } from "./public-page-harness";

const summary = (articleId: number, title: string) => ({
  articleId,
  channelId: 1,
  channelCode: "NEWS",
  channelName: "产品动态",
  title,
  typeName: "账本,开放",
  brief: `${title}的摘要`,
  time: "2026年03月12日",
  createDate: "2026-03-12 10:00:00",
});

describe("/info/blockChain live statistics", () => {
  it("says plainly when the ledger cannot be read, and shows no figures", async () => {
    renderPublicPage({ path: "/info/blockChain", element: <BlockChainPage />, script: { [CHAIN_STATS_ENDPOINT.path]: fail(500, "网络异常") } });
    // Outside the public shell the page's frame (antd's layout) loads first.
    const statistics = within(await screen.findByRole("region", { name: "账本实时统计" }));
    expect(await statistics.findByText("暂时无法读取账本统计，请稍后刷新页面重试。", undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(statistics.queryByText("区块高度")).not.toBeInTheDocument();
  });

  it("shows the ledger's figures once it answers", async () => {
    renderPublicPage({
      path: "/info/blockChain",
      element: <BlockChainPage />,
      script: { [CHAIN_STATS_ENDPOINT.path]: ok({ blockHeight: 12, peerCount: 3, txCount: 4567 }) },
    });
    const region = await screen.findByRole("region", { name: "账本实时统计" });
    expect(await within(region).findByText("区块高度")).toBeInTheDocument();
    expect(region).toHaveTextContent(/区块高度\s*12/);
    expect(region).toHaveTextContent(/交易数\s*4,567/);
  });
});

describe("/info/bigData price calculator", () => {
  it("bills per week the sum over sites: 3 web sites + 1 search engine for 2 weeks is 2,600 yuan", async () => {
    renderPublicPage({ path: "/info/bigData", element: <BigDataPage /> });
    fireEvent.change(await screen.findByLabelText("网站数量"), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText("搜索引擎数量"), { target: { value: "1" } });
    fireEvent.change(screen.getByLabelText("监测周数"), { target: { value: "2" } });
    await waitFor(() => expect(screen.getByText("每周费用（元）").closest(".ant-statistic")).toHaveTextContent("1,300"));
    expect(screen.getByText("合计（元）").closest(".ant-statistic")).toHaveTextContent("2,600");
    expect(screen.getByText("5,000 元 / 个 / 周")).toBeInTheDocument();
  });
});

describe("/info/activityProduct and /info/detailsProduct", () => {
  it("lists the news of the page in the URL, each linking to its detail page", async () => {
    const { callsTo } = renderPublicPage({
      path: "/info/activityProduct?pageNumber=2&pageSize=10",
      element: <NewsListPage />,
      script: { [NEWS_ENDPOINTS.list.path]: ok({ pageP: { list: [summary(7, "第七篇"), summary(6, "第六篇")], pageNumber: 2, pageSize: 10, totalPage: 2, totalRow: 12 } }) },
    });
    expect(await screen.findByRole("link", { name: "第七篇" })).toHaveAttribute("href", "/info/detailsProduct?articleId=7");
    expect(callsTo(NEWS_ENDPOINTS.list.path)[0]).toMatchObject({ params: { pageNumber: 2, pageSize: 10 }, tokenless: true });
    expect(screen.getByRole("navigation", { name: "分页" })).toBeInTheDocument();
  });

  it("shows an article with its date and the previous and next articles", async () => {
    const { callsTo } = renderPublicPage({
      path: "/info/detailsProduct?articleId=6",
      element: <NewsDetailPage />,
      script: {
        [NEWS_ENDPOINTS.detail.path]: ok({
          cmsArticle: { ...summary(6, "第六篇"), content: "<p>正文第一段</p>" },
          lastPage: { articleId: 7, title: "第七篇" },
          nextPage: null,
        }),
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "第六篇" })).toBeInTheDocument();
    expect(screen.getByText("发布日期：2026年03月12日")).toBeInTheDocument();
    expect(screen.getByText("正文第一段")).toBeInTheDocument();
    const navigation = within(screen.getByRole("navigation", { name: "文章导航" }));
    expect(navigation.getByRole("link", { name: "第七篇" })).toHaveAttribute("href", "/info/detailsProduct?articleId=7");
    expect(navigation.getByText("没有了")).toBeInTheDocument();
    expect(callsTo(NEWS_ENDPOINTS.detail.path)[0]).toMatchObject({ params: { articleId: 6 }, tokenless: true });
  });

  it("says so when the article does not exist", async () => {
    renderPublicPage({ path: "/info/detailsProduct?articleId=99", element: <NewsDetailPage />, script: { [NEWS_ENDPOINTS.detail.path]: fail(3040, "该文章不存在或已下线") } });
    expect(await screen.findByText("该文章不存在或已下线")).toBeInTheDocument();
  });

  it("refuses an article id that is not a positive integer without calling the server", () => {
    const { calls } = renderPublicPage({ path: "/info/detailsProduct?articleId=abc", element: <NewsDetailPage /> });
    expect(screen.getByText("文章编号不正确")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe("the ledger pages' forms", () => {
  // /info/certificate and /info/validateQuery verify for real now (tests/e2e/certificate-verification.test.ts).
  it("check their input with the schema rules and answer with the plain statement, never a result", async () => {
    const { calls } = renderPublicPage({ path: "/info/xcontractCertificate", element: <LedgerQueryPage definition={XCONTRACT_CERTIFICATE} statement={pendingStatement(XCONTRACT_CERTIFICATE)} /> });
    fireEvent.click(await screen.findByRole("button", { name: "查看证书" }));
    expect(await screen.findByText("请输入证书编号")).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("合同存证证书编号"), { target: { value: "HZ-20260101-1" } });
    fireEvent.click(screen.getByRole("button", { name: "查看证书" }));
    expect(await screen.findByText("输入格式正确。电子合同签署尚未在本平台开放，平台还没有签署过电子合同，暂时没有可以查看的合同存证证书，本次没有进行查询。")).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe("/info/product", () => {
  /** The tag on a product's card: 已开放 or 尚未开放. */
  const tagOf = (name: string) => {
    const card = screen.getAllByText(name, { selector: ".ant-card-head-title" })[0].closest(".ant-card") as HTMLElement;
    return within(card).getByText(/^(已开放|尚未开放)$/).textContent;
  };

  it("marks every storage service, the library and verification open, as the app's registry has them", () => {
    renderPublicPage({ path: "/info/product", element: <ProductPage /> });
    for (const name of ["文件存证", "文本存证", "哈希存证", "交易凭证存证", "事务存证", "证据库", "证据提取", "证据下载", "查询验证", "文件确权", "子账号", "网页快照", "录屏取证", "律师服务", "在线公证", "全网监测", "法律AI助手"]) {
      expect([name, tagOf(name)]).toEqual([name, "已开放"]);
    }
  });

  it("with the legal assistant answering, marks no product as not open, and never says 即将开放", () => {
    renderPublicPage({ path: "/info/product", element: <ProductPage /> });
    expect(screen.queryByText("尚未开放")).not.toBeInTheDocument();
    expect(screen.queryByText("即将开放")).not.toBeInTheDocument();
  });
});
