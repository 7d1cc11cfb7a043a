import { PUBLIC_PAGE_PATHS } from "../../../app/public-page-paths";

/** Wording of the activity pages (spec §2 "Activity pages"). */

export const ACTIVITY_LANDING = {
  title: "优惠活动",
  lead: "面向律师和维权用户的取证与公证套餐。选择适合的套餐，登录后在“购买套餐”页面完成购买。",
  promotions: [
    {
      name: "律师互联网取证优惠",
      description: "为代理知识产权、网络侵权案件的律师准备：网页快照取证加在线公证的组合套餐，附在线取证与传统方式的对比。",
      to: PUBLIC_PAGE_PATHS.lawyerActivity,
    },
    {
      name: "网页取证公证套餐",
      description: "1次公证加 10、30 或 50 条网页快照，三档可选；套餐规则与匿名化的示例案例。",
      to: PUBLIC_PAGE_PATHS.notarizationActivity,
    },
  ],
} as const;

export const LAWYER_ACTIVITY = {
  title: "律师互联网取证优惠",
  lead: "网络侵权证据随时可能被删除。用在线取证第一时间固定网页，再就需要的证据申请公证，让举证少跑腿、少等待。",
  reasons: [
    "侵权页面随时可能被修改或删除，越早固定越主动。",
    "取证在平台提供的干净环境中进行，记录网址、时间和网络信息，减少对取证环境的质疑。",
    "取证结果即时写入证据账本并出具存证证书，法官和对方当事人可以独立核验。",
    "需要公证书时，就已固定的证据在线申请，由合作公证机构审核出具。",
  ],
  closing: {
    title: "现在就为下一件案子做好准备",
    text: "选择适合案件规模的套餐，登录后在“购买套餐”页面完成购买。",
  },
} as const;

/** The four slides of the comparison carousel (spec §9: 4 slides, 3 s). */
export const COMPARISON_SLIDES = [
  {
    title: "取证时间",
    traditional: "需提前预约公证处，在工作时间到场办理。",
    online: "登录平台即可发起取证，不受工作时间和地点限制。",
  },
  {
    title: "取证环境",
    traditional: "在公证处指定的电脑上操作，由公证员现场检查和清理环境。",
    online: "每次取证使用全新的浏览器环境，自动记录网址、时间和网络信息。",
  },
  {
    title: "证据保存",
    traditional: "取证结果打印或刻录光盘，附于公证书，需妥善保管原件。",
    online: "结果即时写入证据账本并出具存证证书，可随时在线查看和下载。",
  },
  {
    title: "核验与出证",
    traditional: "以纸质公证书为准，核对需向出具的公证处查询。",
    online: "任何人都可凭证书独立核验；需要时再申请合作公证机构出具公证书。",
  },
] as const;
export type ComparisonSlide = (typeof COMPARISON_SLIDES)[number];

export const NOTARIZATION_ACTIVITY = {
  title: "网页取证公证套餐",
  lead: "一个套餐包含1次在线公证和若干条网页快照取证：先把侵权网页逐条固定，再把这些快照一次提交公证。",
} as const;

export const CASES_NOTE =
  "以下案例经过匿名化处理，仅用于说明套餐的典型用法：当事人均为化名，细节已改写，不对应可识别的真实案件，也不代表同类案件的处理结果。";

/** Three anonymised, illustrative cases (spec §9: 2017-02, 2017-04, 2017-05). */
export const SUCCESS_CASES = [
  {
    month: "2017年02月",
    party: "插画工作室（化名“青禾工作室”）",
    story:
      "工作室发现一家网店在商品详情页中使用了其原创插画。工作室对商品页面和店铺信息页面各做了一条网页快照，随后就这两条快照申请公证。凭公证书向电商平台投诉并与店铺协商后，对方下架了相关商品。",
  },
  {
    month: "2017年04月",
    party: "律师事务所代理的软件企业（化名“某软件公司”）",
    story:
      "某网站提供该企业软件的破解版下载。代理律师对下载页面、下载地址所在页面和网站备案信息页面分别快照取证，并一次性申请公证，将公证书与存证证书一并作为起诉材料提交法院。",
  },
  {
    month: "2017年05月",
    party: "食品企业（化名“某食品公司”）",
    story:
      "多家网店销售使用该企业注册商标的仿冒商品。企业选择30条快照的套餐，对各店铺的商品页面逐一取证，再统一申请公证，用于向电商平台集中投诉和向市场监管部门举报。",
  },
] as const;
