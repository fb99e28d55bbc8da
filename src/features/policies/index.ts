export { PolicyPage, type PolicyName } from './components/LazyPolicyPage';
export { POLICY_LINKS, policyDocumentTitle, type PolicyLink } from './links';
export { POLICY_LINK_LIST } from './link-list';
export { SUPPORT_EMAIL, SUPPORT_HOURS } from './contact';
