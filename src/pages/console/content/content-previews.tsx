import { Alert, Skeleton, Typography } from "antd";
import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { RelatedAppCard } from "../../../components/shell/related-apps-drawer";
import { useEndpointMutation } from "../../../providers/use-endpoint";
import type { Banner, Dapp } from "../../../schema/common";
import { CONTENT_ENDPOINTS } from "../../../schema/console/content";
import type { Endpoint, EndpointDatas, EndpointInput } from "../../../schema/contract";
import { BannerCarouselView } from "../../home/banner-carousel";
import { NewsArticleCard } from "../../info/details-product/news-detail-page";
import { refusalOf } from "../../kinds/server-refusal";

/**
 * Previews draw a draft with the public pages' own components, so an editor sees what the public
 * will: the home page's carousel, the article page's article, the drawer's application card.
 * Rows of a repeated field still being typed are left out, as saving would refuse them anyway.
 */

type Values = Record<string, unknown>;
export type ContentPreview = ComponentType<{ values: Values }>;

const rows = <T,>(value: unknown, isComplete: (row: T) => boolean): T[] => (Array.isArray(value) ? (value as T[]).filter((row) => row && isComplete(row)) : []);
const text = (value: unknown) => (typeof value === "string" ? value : "");

export function BannerPreview({ values }: { values: Values }) {
  const banner: Banner = {
    templateId: (values.templateId as Banner["templateId"]) ?? 1,
    title: text(values.title),
    imageUrl: text(values.imageUrl),
    subTitle: rows<Banner["subTitle"][number]>(values.subTitle, (row) => text(row.title) !== ""),
    subImage: rows<Banner["subImage"][number]>(values.subImage, (row) => text(row.path) !== ""),
    button: rows<Banner["button"][number]>(values.button, (row) => text(row.name) !== ""),
  };
  return (
    <section aria-label="轮播图预览" style={{ border: "1px solid #f0f0f0", borderRadius: 8, overflow: "hidden" }}>
      <BannerCarouselView banners={[banner]} />
    </section>
  );
}

export function DappPreview({ values }: { values: Values }) {
  const app = { ...(values as Dapp), dapp_name: text(values.dapp_name), description: text(values.description), menu_logo: text(values.menu_logo) };
  return (
    <section aria-label="相关应用预览">
      <RelatedAppCard app={app} />
      {app.display === 0 && <Typography.Paragraph type="secondary">“抽屉中”为隐藏：发布后也不会在相关应用中显示。</Typography.Paragraph>}
    </section>
  );
}

/**
 * A preview the server draws: it cleans the HTML as it would on saving and answers the article as
 * its public page shows it; asked again whenever the values change.
 */
export function ServerPreview<E extends Endpoint & { method: "POST" }>({ endpoint, values, children }: { endpoint: E; values: Values; children: (answer: EndpointDatas<E>) => ReactNode }) {
  const { send } = useEndpointMutation(endpoint);
  const [answer, setAnswer] = useState<{ article: EndpointDatas<E> } | { problem: string } | null>(null);
  const key = JSON.stringify(values);
  useEffect(() => {
    let isCurrent = true;
    setAnswer(null);
    send(JSON.parse(key) as EndpointInput<E>).then(
      (article) => isCurrent && setAnswer({ article }),
      (error: unknown) => isCurrent && setAnswer({ problem: refusalOf(error).message }),
    );
    return () => {
      isCurrent = false;
    };
    // `send` is a new function on every render: the values, compared as text, decide when to ask again.
  }, [key]);
  if (!answer) return <Skeleton active paragraph={{ rows: 6 }} />;
  if ("problem" in answer) return <Alert type="warning" showIcon message={`无法预览：${answer.problem}`} />;
  return <>{children(answer.article)}</>;
}

export function NewsPreview({ values }: { values: Values }) {
  return (
    <ServerPreview endpoint={CONTENT_ENDPOINTS.previewNews} values={values}>
      {(article) => (
        <section aria-label="产品动态预览">
          <Typography.Title level={3}>{article.title}</Typography.Title>
          <NewsArticleCard detail={{ cmsArticle: article, lastPage: null, nextPage: null }} />
        </section>
      )}
    </ServerPreview>
  );
}
