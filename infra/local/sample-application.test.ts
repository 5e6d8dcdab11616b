import { describe, expect, it } from 'vitest';
import { signupSteps } from '@shared/kyc';
import { stepSchema } from '@shared/onboarding/steps';
import { sampleAnswers } from './sample-application';

const documents = {
  certificate: '5eed0000-0000-4000-8000-000000000031',
  articles: '5eed0000-0000-4000-8000-000000000032',
  passport: '5eed0000-0000-4000-8000-000000000033',
  evidence: '5eed0000-0000-4000-8000-000000000034',
};

// The demo's company in onboarding, as the sample register and the demo users know it.
const nordic = {
  name: 'Nordic Start SIA',
  registrationNumber: '40203987654',
  registeredOn: '2021-02-15',
  legalAddress: { street: 'Tērbatas iela', houseNumber: '14', premisesNumber: '7', city: 'Rīga', postcode: 'LV-1011', country: 'LV' },
};
const owner = { name: 'Pēteris', surname: 'Ozols', email: 'onboarding@demo.local', phone: '37120000004' };

describe('sampleAnswers', () => {
  it("fills a company's application with its own register data, owner and contacts", () => {
    const general = sampleAnswers(nordic, documents, owner).general;
    expect(general).toMatchObject({
      registrationDate: '2021-02-15',
      legalStreet: 'Tērbatas iela',
      legalHouseNumber: '14',
      legalCity: 'Rīga',
      legalPostcode: 'LV-1011',
      contactName: 'Pēteris',
      contactSurname: 'Ozols',
      contactEmail: 'onboarding@demo.local',
      contactPhone: '37120000004',
      companyEmail: 'info@nordic-start.example',
      companyPhone: '37163987654',
    });
    // A one-symbol premises number is shorter than a text field allows: left out.
    expect(general).not.toHaveProperty('legalPremisesNumber');
  });

  it('passes every step schema, with or without the register data and contact', () => {
    for (const answers of [sampleAnswers(nordic, documents, owner), sampleAnswers({ name: 'Rīgas Dārzi SIA', registrationNumber: '40003556001' }, documents)]) {
      for (const step of signupSteps) expect(stepSchema(step).safeParse(answers[step]).success, step).toBe(true);
    }
  });
});
