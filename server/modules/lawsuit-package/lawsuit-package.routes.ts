import type { FastifyInstance } from "fastify";
import { LAWSUIT_PACKAGE_ENDPOINTS as ENDPOINTS, PRINCIPLES_PAGE_URL_PREFIX } from "../../../src/schema/lawsuit-package.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { ok } from "../../http/envelope.js";
import { sendDownload } from "../../http/file-download.js";
import { registerPublicImageRoute } from "../../http/public-image-route.js";
import { CAPTCHA_COOKIE } from "../security/captcha.service.js";
import type { LawsuitPackageService } from "./lawsuit-package.service.js";
import type { PrinciplesService } from "./principles.service.js";

/** The help centre's generated documents: the litigation package and the principles document. */
export async function lawsuitPackageRoutes(app: FastifyInstance, options: { packages: LawsuitPackageService; principles: PrinciplesService }) {
  const { packages, principles } = options;

  registerEndpoint(app, ENDPOINTS.getLawSuitPackage, async (form, request) =>
    ok(await packages.create(form, { address: request.ip, captchaId: request.cookies[CAPTCHA_COOKIE] })),
  );

  registerEndpoint(app, ENDPOINTS.downloadLawSuitPackage, async ({ ticket }, _request, reply) => {
    const zip = await packages.open(ticket);
    return sendDownload(reply, zip.stream, { name: zip.fileName, contentType: "application/zip", size: zip.size });
  });

  registerEndpoint(app, ENDPOINTS.getEleEvidencePdf, async () => ok(await principles.principle()));

  registerEndpoint(app, ENDPOINTS.exportEleEvidencePdf, async (_params, _request, reply) => {
    const { name, body } = await principles.pdf();
    return sendDownload(reply, body, { name, contentType: "application/pdf" });
  });

  registerPublicImageRoute(app, PRINCIPLES_PAGE_URL_PREFIX, (sha256) => principles.openPage(sha256));
}
