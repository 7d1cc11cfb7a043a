import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  CONTENT_ENDPOINTS,
  CONTENT_IMAGE_UPLOAD_RULE,
  type BannerForm,
  type BannerRecord,
  type DappForm,
  type DappRecord,
  type NewsForm,
  type NewsRecord,
} from "../../../../src/schema/console/content.js";
import { HELP_CONTENT_ENDPOINTS, type HelpArticleForm, type HelpArticleRecord, type HelpMenuForm, type HelpMenuRecord } from "../../../../src/schema/console/help-content.js";
import type { EndpointDatas, EndpointParams } from "../../../../src/schema/contract.js";
import type { HelpArticle } from "../../../../src/schema/help-center.js";
import { registerEndpoint } from "../../../http/endpoint-route.js";
import { ok } from "../../../http/envelope.js";
import { uploadedFileField } from "../../../http/uploaded-file.js";
import type { ContentImageService } from "../../content/content-image.service.js";
import { previewArticle } from "../../content/news-content.js";
import type { ActingOperator } from "../operators/acting-operator.js";
import type { AuditedContentService } from "./audited-content.service.js";

type KindEndpoints = (typeof CONTENT_ENDPOINTS)["banner" | "news" | "dapp"] | (typeof HELP_CONTENT_ENDPOINTS)["menu" | "article"];
type FormOf<E extends KindEndpoints> = EndpointParams<E["create"]>;
type RecordOf<E extends KindEndpoints> = EndpointDatas<E["one"]>;

/** Set by the one permission check before any console handler runs (plugins/session.ts). */
const operatorOf = (request: FastifyRequest): ActingOperator => request.operator!;

/** The eight calls of one kind of content (CONTENT_ENDPOINTS), each answered by its audited service. */
function registerKind<E extends KindEndpoints>(app: FastifyInstance, endpoints: E, service: AuditedContentService<FormOf<E>, RecordOf<E>>) {
  // TypeScript resolves the handlers' parameters against all the kinds at once; for the kind at hand they are its form.
  const asForm = (params: object) => params as FormOf<E>;
  registerEndpoint(app, endpoints.list, async (query) => ok({ pageP: await service.page(query) }));
  registerEndpoint(app, endpoints.one, async ({ id }) => ok(await service.get(id)));
  registerEndpoint(app, endpoints.create, async (form, request) => ok(await service.create(operatorOf(request), asForm(form))));
  registerEndpoint(app, endpoints.update, async ({ id, ...form }, request) => ok(await service.update(operatorOf(request), id, asForm(form))));
  registerEndpoint(app, endpoints.publish, async ({ id }, request) => ok(await service.publish(operatorOf(request), id)));
  registerEndpoint(app, endpoints.unpublish, async ({ id }, request) => ok(await service.unpublish(operatorOf(request), id)));
  registerEndpoint(app, endpoints.delete, async ({ id }, request) => ok(await service.delete(operatorOf(request), id)));
  registerEndpoint(app, endpoints.move, async ({ id, direction }, request) => ok(await service.move(operatorOf(request), id, direction)));
}

export type ContentConsoleServices = {
  banners: AuditedContentService<BannerForm, BannerRecord>;
  news: AuditedContentService<NewsForm, NewsRecord>;
  dapps: AuditedContentService<DappForm, DappRecord>;
  images: ContentImageService;
  /** The help centre's menus and articles (modules/help-center). */
  help: {
    menus: AuditedContentService<HelpMenuForm, HelpMenuRecord>;
    articles: AuditedContentService<HelpArticleForm, HelpArticleRecord>;
    preview(form: HelpArticleForm): Promise<HelpArticle>;
  };
};

export async function contentConsoleRoutes(app: FastifyInstance, { banners, news, dapps, images, help }: ContentConsoleServices) {
  registerKind(app, CONTENT_ENDPOINTS.banner, banners);
  registerKind(app, CONTENT_ENDPOINTS.news, news);
  registerKind(app, CONTENT_ENDPOINTS.dapp, dapps);

  registerEndpoint(
    app,
    CONTENT_ENDPOINTS.uploadImage,
    async ({ image }) => ok(await images.store(image, "image")),
    {
      files: { image: uploadedFileField(CONTENT_IMAGE_UPLOAD_RULE.messages?.missing ?? "请选择图片").optional() },
      // One byte over the limit marks the file as cut off, so the rule's own message answers it.
      config: { multipartOptions: { limits: { fileSize: CONTENT_IMAGE_UPLOAD_RULE.maxBytes + 1 } } },
    },
  );

  registerEndpoint(app, CONTENT_ENDPOINTS.previewNews, async (form) => ok(previewArticle(form)));

  registerKind(app, HELP_CONTENT_ENDPOINTS.menu, help.menus);
  registerKind(app, HELP_CONTENT_ENDPOINTS.article, help.articles);
  registerEndpoint(app, HELP_CONTENT_ENDPOINTS.previewArticle, async (form) => ok(await help.preview(form)));
}
