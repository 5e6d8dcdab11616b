import { App } from 'aws-cdk-lib';
import { buildApp } from './stacks/portal-app';

buildApp(new App());
