/** The programme's name as the provider shows it; a deployment may override it (CDK context `providerName`). */
export const defaultProviderName = 'Bonus Card';
