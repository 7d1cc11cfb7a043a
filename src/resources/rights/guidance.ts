import { UPLOAD_AUDIO_MAX_BYTES, UPLOAD_DOCUMENT_MAX_BYTES, BYTES_PER_MB } from "../../schema/constants";
import type { GuidanceContent } from "../types";

/** Guidance texts of /rights, keyed `<section>/<page>`. */

const mb = (bytes: number) => `${bytes / BYTES_PER_MB}MB`;
const startRights = [{ label: "新建确权", to: "new", primary: true }, { label: "查看确权列表", to: "dataList" }] as const;
const rightsResults = ["确权证书，载明权利人、作品摘要值与确权时间", "确权记录写入存证账本，任何人可核验", "发生侵权时可直接作为权属证明使用，并可配合全网监测发现侵权"];

const guidance: Record<string, GuidanceContent> = {
  "file/guidance": {
    intro: `文件确权为您的原创作品登记权属：文档、图片、音频、视频作品在创作完成后即可提交，平台记录“谁在何时持有这件作品”，作为日后主张权利的初步证明。文档与图片不超过 ${mb(UPLOAD_DOCUMENT_MAX_BYTES)}，音频与视频不超过 ${mb(UPLOAD_AUDIO_MAX_BYTES)}。`,
    steps: [
      { title: "选择作品类型", description: "选择文档、图片、音频或视频，并上传对应格式的作品文件。" },
      { title: "填写权属信息", description: "填写作品名称、作者与权利人等信息。" },
      { title: "写入账本", description: "作品计算摘要值后，与权属信息一同写入存证账本。" },
      { title: "获取证书", description: "在确权列表中查看、下载确权证书。" },
    ],
    results: rightsResults,
    actions: startRights,
  },
  "hash/guidance": {
    intro:
      "哈希确权只提交作品的摘要值，不上传作品本身（脱敏确权），适合尚未发表或需要保密的作品：作品留在您手中，平台记录该摘要值与权属信息在确权时刻已经存在。",
    steps: [
      { title: "本地计算摘要", description: "在您的设备上对作品文件计算摘要值。" },
      { title: "填写权属信息", description: "提交摘要值以及作品名称、作者与权利人等信息。" },
      { title: "写入账本", description: "摘要值与权属信息写入存证账本。" },
      { title: "获取证书", description: "在确权列表中查看确权证书；核验时出示原作品即可比对。" },
    ],
    results: rightsResults,
    actions: startRights,
  },
  "web/guidance": {
    intro:
      "网页确权面向首发在网络上的原创内容，例如文章、专栏、作品展示页：提交网页地址后，平台抓取该网页并记录其内容与您的权属信息，证明这些内容由您在该时刻发布。",
    steps: [
      { title: "填写网址", description: "输入原创内容所在的网页地址，以及作品名称、作者与权利人。" },
      { title: "平台抓取", description: "平台访问该网页，保存页面截图与内容。" },
      { title: "写入账本", description: "页面内容计算摘要值后与权属信息一同写入存证账本。" },
      { title: "获取证书", description: "在确权列表中查看确权证书。" },
    ],
    results: rightsResults,
    actions: startRights,
  },
};

export default guidance;
