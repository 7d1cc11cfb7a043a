import { LINKED_PATHS } from "../../../app/public-page-paths";
import type { ContentSection } from "../../../components/public-page/content-section";
import { SESSION_IDLE_MS } from "../../../schema/session";
import { SIGNATURE_MAX_SKEW_MS } from "../../../schema/signature";

export const OPEN_PLATFORM_TITLE = "开放平台";

export const OPEN_PLATFORM_LEAD =
  "平台的全部功能都通过 /webapi 下的接口提供，网页本身也是这些接口的调用方。本页说明所有接口共同遵守的约定：请求签名、登录令牌、统一的应答格式和结果代码。每个接口的参数与应答见接口文档。";

const minutes = (ms: number) => ms / 60_000;
const hours = (ms: number) => ms / 3_600_000;

export const API_DOCS_LINK = { label: "打开接口文档（/opendocs）", to: LINKED_PATHS.openDocs, isServerPage: true } as const;

export const CONVENTION_SECTIONS: readonly ContentSection[] = [
  {
    heading: "地址与应答格式",
    paragraphs: [
      "所有接口都在 /webapi 之下，路径形如 /webapi/<业务>/v2/<动作>，GET 用于查询，POST 用于提交。",
      "每个应答的正文都是同一个 JSON 信封：{ code, message, datas, extraData }。code 为 200 表示成功，datas 是结果；其他 code 表示未成功，message 是可以直接展示给用户的中文说明。参数校验不通过时 code 为 1001，extraData.errors 按字段给出每个字段的问题。",
      "业务结果（包括登录失效、参数错误和各业务模块的专用代码）都以 HTTP 200 返回，请以 code 判断；只有协议层面的问题使用对应的 HTTP 状态码：缺少签名为 400，签名错误或时间戳过期为 401，接口不存在为 404，内容超过大小限制为 413，请求过于频繁为 429，服务器内部错误为 500，且同样带有上述信封。",
    ],
  },
];

export const SIGNATURE_SECTION: ContentSection = {
  heading: "请求签名",
  paragraphs: [
    `每个请求都要在查询字符串中带上 timestamp（毫秒时间戳）和 signature。服务器会重新计算签名，拒绝缺少签名、签名不符，或时间戳与服务器时间相差超过 ${minutes(SIGNATURE_MAX_SKEW_MS)} 分钟的请求。签名的计算方法：`,
  ],
  steps: [
    "取请求的全部参数：GET 为查询参数，POST 为请求体字段（文件除外），再加上 timestamp。",
    "去掉 signature、paramStr，以及值为 null 或未定义的参数。",
    "按参数名排序，比较方式为逐个字符比较编码值（大写字母排在小写字母之前），不要使用按语言排序。",
    "依次拼接“参数名 + 参数值”：字符串按原样，数字和布尔值转为文本，数组和对象使用 JSON 文本。",
    "对拼接结果的 UTF-8 字节计算 SHA-256，以小写十六进制表示，即为 signature。",
  ],
};

export const TOKEN_SECTION: ContentSection = {
  heading: "登录令牌",
  paragraphs: [
    "登录成功后，应答中的 token 代表本次会话。需要登录的接口，GET 请求把 token 放在查询参数中，POST 请求放在请求体中，并和其他参数一起参与签名。不需要登录的公开接口不带 token。",
    `会话在 ${minutes(SESSION_IDLE_MS.user)} 分钟内没有任何成功的调用即失效（公证处工作人员的会话为 ${hours(SESSION_IDLE_MS.notary)} 小时），每次成功的调用都会延长会话。收到 102（未登录或令牌无效）、103（登录超时）或 3013（账号已退出或被停用）时，请重新登录。`,
    "服务器只保存令牌的 SHA-256 摘要，不会在日志中记录令牌、签名、密码或验证码。请像保管密码一样保管令牌。",
  ],
};

export const APPLICATION_KEYS_NOTE =
  "面向第三方系统的开放平台应用（以应用密钥做 HMAC 签名的调用方式）尚未开放申请。目前可以按本页约定，以平台账号登录后调用接口。";
