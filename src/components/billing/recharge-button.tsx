import type { ButtonProps } from "antd";
import { APP_PATHS } from "../../app/path-rules";
import { useBalance } from "../../providers/use-account-billing";
import { RouterLinkButton } from "../router-link-button";
import { rechargeLabel } from "./recharge-label";

/** The way to online recharge, labelled with the account's balance (spec §4). */
export function RechargeButton(props: Omit<ButtonProps, "href" | "onClick" | "children">) {
  const { balanceFen } = useBalance();
  return (
    <RouterLinkButton {...props} to={APP_PATHS.onlineCharge}>
      {rechargeLabel(balanceFen)}
    </RouterLinkButton>
  );
}
