// An approved company investor through the HTTP API and the operator's commands, as the identity
// journey makes one through the screens (issue 19): the basic identity approved, the company's
// certification with its documents submitted and approved, the AML and QI questionnaires
// answered and approved. The fund's gates (SPEC §6) then open.
import { callApi } from "./api-user.mjs";

// A real 1×1 PNG: the server checks magic bytes.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** The company certification's documents (domain::forms::COMPANY_DOCUMENTS). */
const COMPANY_DOCUMENTS = [
  "registerCertificateFile",
  "shareholderStructureFile",
  "directorFile",
  "companyRegulationFile",
  "companyStructureFile",
  "shareholderPassportFile",
  "taxFormFile",
  "usAgencyLicenseFile",
  "proofOfAddressImg",
];

/** Uploads a document as the web app does (`POST user/file`); resolves to its reference ("….png"). */
async function upload(server, token, name) {
  const form = new FormData();
  form.append("file", new Blob([PNG], { type: "image/png" }), name);
  const response = await fetch(`${server.baseUrl}/api/user/file`, { method: "POST", headers: { "Access-Token": token, "User-Lang": "en-US" }, body: form });
  const envelope = await response.json();
  if (envelope.statusCode !== 200) throw new Error(`user/file: ${envelope.statusCode} ${envelope.message}`);
  return envelope.content.reference;
}

/** Makes `user` (from registerUser) an approved company investor with AML and QI approved. */
export async function approveInvestor(server, user) {
  const { email, token } = user;
  const approve = (verification) => server.admin("identity", "approve", "--email", email, "--verification", verification);
  await server.admin("identity", "set-status", "--email", email, "--status", "approved");
  const company = {
    type: 1,
    companyName: "Harbour Light Trading Limited",
    companyId: "HK-7654321",
    registerJurisdictions: ["HK"],
    mainBusinessOperateCountry: ["HK"],
    businessProperty: "Trading",
    registerAddress: "1 Queen's Road Central, Hong Kong",
  };
  for (const field of COMPANY_DOCUMENTS) company[field] = await upload(server, token, `${field}.png`);
  await callApi(server, "user/identity/investor", { token, body: company });
  await callApi(server, "user/identity/commit", { token, body: {} });
  await approve("investor");
  // The two-person rule: a second operator approves the certification.
  await server.adminAs("second-operator", "identity", "approve", "--email", email, "--verification", "investor");
  await callApi(server, "investor/aml", {
    token,
    body: {
      sourceOfFund: ["investmentIncome", "ownFund"],
      purposeOfInvestment: ["assetPreservation"],
      haveBeenPoliticallyExposedPerson: "neverPep",
      productsToSubscribe: "platformNote",
      plannedInvestmentAmount: "250000",
      howToLearn: "preExistingRelationship",
    },
  });
  await callApi(server, "investor/qualify", { token, body: { totalAssets: "A1" } });
  await approve("aml");
  await approve("qualify");
}
