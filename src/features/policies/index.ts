export { PolicyPage, type PolicyName } from './components/LazyPolicyPage';
export { POLICY_LINK_LIST, POLICY_LINKS, policyDocumentTitle, type PolicyLink } from './links';
export { SUPPORT_EMAIL, SUPPORT_HOURS } from './contact';
