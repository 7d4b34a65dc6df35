import type { DocumentContent } from "./document";

const privacy: DocumentContent = {
  updated: "2026-11-21",
  summary:
    "This policy explains what personal data fiscard collects when you use the platform, why we need it, who we share it with, how long we keep it and what you can ask us to do with it. We collect what running a card and investment service requires by law or for your safety, and nothing for advertising.",
  sections: [
    {
      id: "collect",
      heading: "What we collect",
      blocks: [
        { subheading: "Account data" },
        {
          list: [
            "Your e-mail address, and your password in a form that cannot be turned back into it.",
            "Your mobile number once you bind it, your security code (stored the same way as the password) and the authenticators you bind.",
            "Your language choice, which is kept in your browser.",
          ],
        },
        { subheading: "Identity data" },
        {
          list: [
            "For basic identity verification: your name, date of birth, country, address, passport number and the images of your passport you upload.",
            "For investor certification: proof of address, tax forms, and for companies their registration documents, ownership structure and the passports of their shareholders and directors.",
            "Your answers to the anti-money-laundering (AML) and qualified-investor (QI) questionnaires.",
          ],
        },
        { subheading: "Card and money data" },
        {
          list: [
            "The cards you hold, their balances, limits and status. Card numbers are stored encrypted; the CVV is never stored.",
            "Your card transactions as the card network reports them: merchant, amount, currency, fees and status.",
            "Your wire deposits, recharges and the bank accounts you save for withdrawals.",
          ],
        },
        { subheading: "Security data" },
        {
          list: [
            "For each login and each sensitive action: the time, your IP address and your browser's description of itself (user agent). You can see these in Security, History.",
            "Your active sessions, so that you can end them.",
          ],
        },
      ],
    },
    {
      id: "use",
      heading: "Why we use it",
      blocks: [
        {
          list: [
            "To provide the service you signed up for: open your account, issue and run your cards, move your money and show you your history.",
            "To meet our legal duties: verify who you are, screen for money laundering, terrorist financing and sanctions, keep records, report to tax authorities where the law requires (see the tax forms document), and answer lawful requests from authorities.",
            "To protect you and the platform: detect unusual logins and payments, stop fraud, and ask for verification before sensitive actions.",
            "To tell you about your account: codes, security alerts, deposits and changes to these documents. We do not send marketing without your consent.",
          ],
        },
        "We do not sell your data, and we do not use it to show you advertising. We do not make decisions that produce legal effects for you by automated means alone: a person reviews every identity decision.",
      ],
    },
    {
      id: "share",
      heading: "Who we share it with",
      blocks: [
        {
          list: [
            "The card issuer and the card scheme (such as VISA or Mastercard), which need your card and transaction data to process payments.",
            "Banks that receive and send your wires.",
            "Service providers that run parts of the platform for us (hosting, e-mail delivery), bound by contract to use the data only on our instructions.",
            "Regulators, tax authorities, courts and law enforcement, when the law requires it.",
          ],
        },
        "Some of these recipients are in other countries. When data leaves the country where it was collected, we use contractual or other safeguards the applicable law recognises.",
      ],
    },
    {
      id: "keep",
      heading: "How long we keep it",
      blocks: [
        "Identity, transaction and account records are kept for as long as your account is open and then for the period anti-money-laundering law requires, generally at least five years after the account is closed. Security records (logins, sessions, verifications) are kept on the same terms, because they show who acted on the account. Data we no longer need is deleted or made anonymous.",
      ],
    },
    {
      id: "protect",
      heading: "How we protect it",
      blocks: [
        {
          list: [
            "All traffic is encrypted in transit.",
            "Passwords and security codes are stored with a slow one-way hash (Argon2id); card numbers and authenticator secrets are encrypted at rest.",
            "Sensitive actions, such as viewing a card's number and CVV, need the verification you choose in Security.",
            "Staff see only what their work needs, and every operator action is written to an audit log.",
          ],
        },
      ],
    },
    {
      id: "rights",
      heading: "Your rights",
      blocks: [
        "Depending on where you live, you can ask us to show you the data we hold about you, correct it, delete it, limit how we use it, or give it to you in a portable form, and you can object to some uses. We may have to keep data the law requires us to keep even when you ask us to delete it; we will tell you when that is the case.",
        "Send your request through customer support from the e-mail address of your account. We answer within 30 days. If you are not satisfied with our answer, you can complain to the data protection authority where you live.",
      ],
    },
    {
      id: "browser",
      heading: "Cookies and browser storage",
      blocks: [
        "The web app keeps two things in your browser's local storage: your session token, so you stay logged in, and your language choice. It uses no advertising or third-party tracking cookies and loads no fonts, images or scripts from other sites.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      blocks: [
        "When we change this policy, we update the date at the top. We tell you by e-mail before a change that affects how we use your data takes effect.",
      ],
    },
  ],
};

export default privacy;
