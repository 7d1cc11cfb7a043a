import { NoticePage } from "../../components/notice-page";

/** /info/notaryOfficeLogin: the notary offices' sign-in arrives with the accounts module. */
export function NotaryLoginPage() {
  return <NoticePage title="公证处登录" description="公证处账号登录将随账号模块一同上线，届时可在此登录并处理公证申请。" />;
}
