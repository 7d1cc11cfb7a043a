import { Alert } from "antd";
import { useNavigate } from "react-router";
import { siblingPath, type SectionPageProps } from "../../../resources/derive";
import { PersonalPage } from "../personal-page";
import { CREATE_CHILD_TEXT, CreateChildAccountForm } from "./create-child-account-form";
import { MainAccountOnly } from "./main-account-only";

/** /personal/childAccountManagement/createChildAccount. */
export function CreateChildAccountPage({ route }: SectionPageProps) {
  const navigate = useNavigate();
  const success = siblingPath(route, "createSuccess");
  return (
    <PersonalPage title={route.page.title}>
      <MainAccountOnly>
        <Alert type="info" showIcon message={CREATE_CHILD_TEXT.passwordHint} style={{ marginBottom: 24, maxWidth: 420 }} />
        <CreateChildAccountForm onCreated={(child) => success && navigate(`${success}?id=${child.id}`)} />
      </MainAccountOnly>
    </PersonalPage>
  );
}
