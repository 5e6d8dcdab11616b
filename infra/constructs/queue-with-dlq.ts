import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface QueueWithDlqProps {
  readonly visibilityTimeout: Duration;
  readonly maxReceiveCount: number;
  readonly retentionPeriod: Duration;
  readonly deadLetterRetentionPeriod: Duration;
}

/**
 * A job queue whose failed messages end in a dead-letter queue instead of being retried forever, with an alarm as soon
 * as one does: a dead-lettered message is work that was given up (a report, a funding file, an e-mail).
 */
export class QueueWithDlq extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
  readonly deadLetterAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: QueueWithDlqProps) {
    super(scope, id);
    this.deadLetterQueue = new sqs.Queue(this, 'DeadLetters', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: props.deadLetterRetentionPeriod,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: props.visibilityTimeout,
      retentionPeriod: props.retentionPeriod,
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.deadLetterAlarm = alarmOnDeadLetters(
      this,
      'DeadLettersAlarm',
      this.deadLetterQueue,
      `A message of ${id} reached its dead-letter queue: the work was given up after ${props.maxReceiveCount} receipts.`,
    );
  }
}

/** An alarm as soon as a dead-letter queue holds a message, until it is empty again (no message is no data). */
export function alarmOnDeadLetters(scope: Construct, id: string, queue: sqs.IQueue, description: string): cloudwatch.Alarm {
  return new cloudwatch.Alarm(scope, id, {
    alarmDescription: description,
    metric: queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: cloudwatch.Stats.MAXIMUM }),
    threshold: 0,
    comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    evaluationPeriods: 1,
    treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
  });
}
