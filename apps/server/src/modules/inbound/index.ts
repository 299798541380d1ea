/** Mail coming back to the return-path hosts (bounces, complaints, mailto unsubscribes): the listener job. */
export { inboundSmtpJob } from './start-inbound-listener.ts';
