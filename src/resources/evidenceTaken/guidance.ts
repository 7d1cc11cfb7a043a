import { CAPTURE_MAX_URLS } from "../../schema/capture";
import { PACKAGE_CODE } from "../../schema/constants";
import type { GuidanceContent } from "../types";

/** Guidance texts of /evidenceTaken, keyed `<section>/<page>`. */

const startCapture = [{ label: "开始取证", to: "new", primary: true }, { label: "查看取证列表", to: "dataList" }] as const;

const guidance: Record<string, GuidanceContent> = {
  "snapshotRecord/guidance": {
    intro:
      `网页快照取证由平台自己的取证浏览器完成：每次取证都启动一个全新的、相互隔离的浏览器环境（不带任何用户资料、插件或他人的 Cookie），以固定的窗口大小和公开的浏览器标识打开您指定的网址，等待页面加载完成并滚动到底部加载延迟内容，然后把页面原样封存。一次快照对应一个网页，一次最多提交 ${CAPTURE_MAX_URLS} 个网址。`,
    steps: [
      { title: "填写网址", description: "填写取证名称、取证用途和网址（每行一个）。指向内网、本机或保留地址的网址会被拒绝。" },
      { title: "平台抓取", description: "取证浏览器依次完成打开网页、滚动加载、录制页面，您可以在页面上实时看到每一步的进度。" },
      { title: "质量检查", description: "平台检查页面是否空白、是否返回错误、是否为人机验证页、是否被弹层遮挡、资源是否大量加载失败；发现问题时交由您复核，可确认封存或重新取证。" },
      { title: "封存上链", description: "取证包的清单摘要（以及每个文件的 SHA-256 与 SM3 摘要）作为一条记录写入存证账本，生成取证证书。" },
    ],
    results: [
      "整页截图（PNG）、渲染后的网页源码（HTML）和网页打印版（PDF）",
      "全部网络请求与响应的 WARC 记录，打包为标准 WACZ 取证包，可用通用回放工具打开，可用离线验证工具核对",
      "取证环境与过程记录：起止时间、软件与浏览器版本、取证节点地址、访问的每个站点的 IP、DNS 应答与 HTTPS 证书链、重定向和被阻止的请求",
      "质量检查结果，以及载明以上内容和账本证明的取证证书",
      `每个网址使用一次快照保全次数（套餐 ${PACKAGE_CODE.snapshotPreservation}），也可使用公证套餐中的网页快照额度；取证失败或网址被拒绝不扣次数`,
    ],
    pricing: ["notarisationBundles"],
    actions: startCapture,
  },
  "screenRecord/guidance": {
    intro:
      "录屏取证在平台提供的远程浏览器中完成操作，并把整个操作过程录制成视频，适合需要登录、翻页、点击才能展示的内容，例如店铺内页、会员内容、多步骤的交易过程。",
    steps: [
      { title: "新建录屏", description: "填写取证名称与起始网址，平台准备一个干净的远程浏览器。" },
      { title: "边操作边录制", description: "在远程浏览器中依次打开需要固定的页面，平台全程录制屏幕。" },
      { title: "结束并存证", description: "结束录制后，视频与操作记录计算摘要值并写入存证账本。" },
      { title: "获取证书", description: "在取证列表中回放视频、下载取证证书。" },
    ],
    results: ["完整的操作过程录像", "取证证书，载明起止时间与录像摘要值", "可在证据库中统一管理与下载"],
    actions: startCapture,
  },
  "procedureRecord/guidance": {
    intro:
      "过程取证用于记录一段完整的取证过程：取证人员在平台的过程取证工具中按步骤操作，每一步的画面、时间与说明都被连续记录，形成可复核的过程证据，适合购买公证、网购取证等需要展示“从哪里开始、做了什么”的场景。",
    steps: [
      { title: "新建过程取证", description: "填写取证名称并选择在电脑端或手机端进行。" },
      { title: "按步骤操作", description: "在过程取证工具中完成操作，平台连续记录画面与关键步骤的时间。" },
      { title: "提交存证", description: "结束后过程记录与录像计算摘要值并写入存证账本。" },
      { title: "获取证书", description: "在取证列表中查看过程记录与取证证书。" },
    ],
    results: ["按时间排列的完整取证过程记录", "取证证书与账本证明", "手机端过程可在“手机端取证”页面完成"],
    actions: startCapture,
  },
  "mobileRecord/guidance": {
    intro:
      "手机录屏取证用于固定只在手机或执法记录仪等设备上出现的内容。设备绑定到您的账号后，录制过程中的每个分片都由设备密钥签名、随到随算哈希链，并至少每 30 秒上链锚定一次，即使录制中途断开，已上传的部分也能证明未被删改。",
    steps: [
      { title: "绑定设备", description: "在“电子印章 › 设备列表”点击“添加设备”，在手机取证应用或录制设备上输入 6 位绑定码或扫描二维码（10 分钟内有效，只能使用一次）。" },
      { title: "设备上录制", description: "在设备上开始录制，录像分片边录边上传；网络中断后从平台已收到的位置续传。" },
      { title: "结束并存证", description: "在设备上结束录制，平台完成最后一次锚定并封存为一份证据。" },
      { title: "获取证书", description: "在取证列表中查看录制时长、锚定次数，下载录像与取证证书。" },
    ],
    results: ["设备录像与每个分片的摘要和哈希链", "载明设备、公钥指纹、录制时长与各次锚定时间的取证证书", "集成方可按 README 的设备接口或参考客户端（npm run device）接入"],
    actions: startCapture,
  },
  "mobileArray/guidance": {
    intro:
      "手机阵列取证让多台已绑定的设备从不同机位同时录制同一现场，各设备的录像作为同一份证据封存，证书逐台列明每台设备的录制。",
    steps: [
      { title: "发起阵列", description: "填写取证名称，选择 2 至 9 台已绑定的设备。" },
      { title: "设备加入", description: "被选中的设备在其取证应用中加入本次阵列并开始录制，页面实时显示各设备的状态。" },
      { title: "结束取证", description: "点击“结束取证”，所有设备的录制一并结束并封存为一份证据。" },
      { title: "获取证书", description: "在取证列表中查看每台设备的录像与取证证书。" },
    ],
    results: ["每台设备的录像与哈希链", "一份列明各设备录制的取证证书", "可在证据库中统一管理与下载"],
    actions: startCapture,
  },
  "liveRecord/guidance": {
    intro:
      "直播取证由平台服务器直接录制网络直播流，录制内容不经过您的电脑。填写直播流地址与录制时长后即可开始，录制按原样保存直播数据，到时或直播结束时自动封存上链。",
    steps: [
      { title: "提交直播流地址", description: "填写直播流地址（HLS、HTTP-FLV 或媒体地址）、录制时长与取证名称。" },
      { title: "平台录制", description: "平台服务器使用 ffmpeg 录制直播流，边录边计算哈希链并定期上链锚定。" },
      { title: "自动封存", description: "到达设定时长或直播结束时封存为证据；服务器意外重启时按中断前收到的内容封存。" },
      { title: "获取证书", description: "在取证列表中下载录像与取证证书。" },
    ],
    results: ["直播录像文件（原始编码）", "载明直播地址、录制时长与锚定时间的取证证书", "可在证据库中统一管理与下载"],
    actions: [{ label: "查看取证列表", to: "dataList", primary: true }],
  },
  "ElectronicSeal/guidance": {
    intro:
      "电子印章供通过企业认证的单位使用：平台按认证的企业名称绘制圆形印章（也可上传透明背景的印章图片），由平台自建的电子印章 CA 为单位签发签名证书。每次用印都会在 PDF 上加盖可见印章并做 PAdES 数字签名，用印后的文件写入存证账本并出具证书，任何一处改动都会使签名失效。",
    steps: [
      { title: "完成企业认证", description: "在个人中心提交企业认证，审核通过后方可配置印章。" },
      { title: "配置印章", description: "选择印章图片、签发印章证书，并设置可使用印章的设备。" },
      { title: "上传或选择文件用印", description: "上传 PDF，或为本人的存证证书用印，印章默认加盖在末页右下角。" },
      { title: "下载与核验", description: "在用印记录中下载用印后的 PDF，用 PDF 阅读器或 pdfsig 查看签名，并凭证书编号核验存证。" },
    ],
    results: ["带可见印章与数字签名的 PDF", "每次用印一条存证记录与证书", "签名覆盖整份文件，改动即可被发现"],
    actions: [
      { label: "印章配置", to: "config", primary: true },
      { label: "用印记录", to: "dataList" },
      { label: "设备列表", to: "deviceList" },
    ],
  },
};

export default guidance;
