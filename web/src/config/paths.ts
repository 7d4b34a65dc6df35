/** Route paths, in one place so links, redirects and the router agree (SPEC §2). */
export const paths = {
  home: "/",
  product: "/product",
  productFiscard: "/product/fiscard",
  my: "/my",
  security: "/my/security",
  securityPassword: "/my/security/password",
  securityPin: "/my/security/pin",
  securityMobile: "/my/security/enable-sms",
  securityAuthenticators: "/my/security/google-authenticator",
  securitySessions: "/my/security/sessions",
  securityHistory: "/my/security/history",
  payment: "/my/payment",
  paymentBank: "/my/payment/bank",
  paymentBankAdd: "/my/payment/bank-add",
  // SPEC §2's BankBind: binding (saving) a bank account, the add form.
  bankBind: "/my/payment/bind",
  profile: "/my/profile",
  // SPEC §2's IdentityBasic, IdentityInvestor, AML, QI: the Profile page with that dialog open.
  identityBasic: "/my/profile/basic",
  identityInvestor: "/my/profile/investor",
  identityAml: "/my/profile/aml",
  identityQi: "/my/profile/qi",
  // SPEC §2's IdentitySetting: the Profile page itself.
  identitySetting: "/my/profile/setting",
  account: "/account",
  accountFiscard: "/account/fiscard",
  accountOrder: "/account/order",
  accountOrderCard: "/account/order/card",
  // SPEC §2's Collection: where money is collected to a saved bank account.
  withdraw: "/account/withdraw",
  docsPrivacy: "/docs/privacy",
  docsAgreement: "/docs/agreement",
  docsTaxForms: "/docs/tax-forms",
} as const;

/** Whether `pathname` is `area` or one of its sub-pages. */
export function isWithin(pathname: string, area: string): boolean {
  return pathname === area || pathname.startsWith(`${area}/`);
}
