/**
 * The objects a kustomization of deploy/kubernetes makes, for the tests that validate them
 * (scripts/lib/kubernetes.test.ts) without a kustomize binary: the part of kustomize those files
 * use, and an error for any other field, so nothing kustomize would do is silently left out.
 * Supported: `resources` (files and directories), `namespace`, `images`, `configMapGenerator`
 * (`files`, `literals`, `behavior` create or merge) and `patches` given inline as JSON 6902
 * operations on a target kind and name. Generated ConfigMaps keep the names written here;
 * kustomize appends a hash of their content and rewrites the references to them.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { parse, parseAllDocuments } from 'yaml';

export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [field: string]: unknown;
};

type ConfigMapGenerator = {
  name: string;
  behavior?: 'create' | 'merge';
  files?: string[];
  literals?: string[];
};
type ImageRule = { name: string; newName?: string; newTag?: string };
type PatchRule = { target: { kind: string; name: string }; patch: string };
type Kustomization = {
  apiVersion: string;
  kind: string;
  namespace?: string;
  resources?: string[];
  images?: ImageRule[];
  configMapGenerator?: ConfigMapGenerator[];
  patches?: PatchRule[];
};
type Operation = {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
};

const FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'images',
  'configMapGenerator',
  'patches',
]);
/** Kinds that live outside any namespace (of the ones these manifests use). */
const CLUSTER_KINDS = new Set(['Namespace']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isObject = (value: unknown): value is KubeObject =>
  isRecord(value) &&
  typeof value.apiVersion === 'string' &&
  typeof value.kind === 'string' &&
  isRecord(value.metadata) &&
  typeof value.metadata.name === 'string';

const readKustomization = (dir: string): Kustomization => {
  const file = path.join(dir, 'kustomization.yaml');
  const data: unknown = parse(readFileSync(file, 'utf8'));
  if (!isRecord(data)) throw new Error(`${file}: not a mapping`);
  for (const key of Object.keys(data))
    if (!FIELDS.has(key))
      throw new Error(`${file}: \`${key}\` is not supported by this renderer`);
  if (
    data.apiVersion !== 'kustomize.config.k8s.io/v1beta1' ||
    data.kind !== 'Kustomization'
  )
    throw new Error(
      `${file}: not a kustomize.config.k8s.io/v1beta1 Kustomization`,
    );
  return data as Kustomization;
};

/** Every object of a YAML file (one or more documents). */
export const readObjects = (file: string): KubeObject[] =>
  parseAllDocuments(readFileSync(file, 'utf8')).map((doc, i) => {
    if (doc.errors.length)
      throw new Error(`${file}: ${doc.errors[0]?.message}`);
    const value: unknown = doc.toJS();
    if (!isObject(value))
      throw new Error(`${file}: document ${i + 1} is not a Kubernetes object`);
    return value;
  });

const configMapData = (dir: string, generator: ConfigMapGenerator) => {
  const data: Record<string, string> = {};
  for (const file of generator.files ?? [])
    data[path.basename(file)] = readFileSync(path.join(dir, file), 'utf8');
  for (const literal of generator.literals ?? []) {
    const at = literal.indexOf('=');
    if (at < 1) throw new Error(`literal without a name: ${literal}`);
    data[literal.slice(0, at)] = literal.slice(at + 1);
  }
  return data;
};

const unescapePointer = (token: string) =>
  token.replaceAll('~1', '/').replaceAll('~0', '~');

/** One JSON 6902 operation on an object, in place. */
const applyOperation = (target: KubeObject, operation: Operation) => {
  const tokens = operation.path.split('/').slice(1).map(unescapePointer);
  const last = tokens.pop();
  if (last === undefined) throw new Error(`empty patch path`);
  let parent: unknown = target;
  for (const token of tokens) {
    parent = Array.isArray(parent)
      ? parent[Number(token)]
      : isRecord(parent)
        ? parent[token]
        : undefined;
    if (parent === undefined)
      throw new Error(`patch path ${operation.path} does not exist`);
  }
  if (Array.isArray(parent)) {
    const index = last === '-' ? parent.length : Number(last);
    if (!Number.isInteger(index) || index < 0 || index > parent.length)
      throw new Error(`patch path ${operation.path}: no such index`);
    if (operation.op === 'add') parent.splice(index, 0, operation.value);
    else if (index === parent.length)
      throw new Error(`patch path ${operation.path}: no such index`);
    else if (operation.op === 'replace') parent[index] = operation.value;
    else parent.splice(index, 1);
    return;
  }
  if (!isRecord(parent))
    throw new Error(`patch path ${operation.path}: not an object or a list`);
  if (operation.op !== 'add' && !(last in parent))
    throw new Error(`patch path ${operation.path} does not exist`);
  if (operation.op === 'remove') delete parent[last];
  else parent[last] = operation.value;
};

const podSpecContainers = (object: KubeObject): Record<string, unknown>[] => {
  const spec = object.spec;
  if (!isRecord(spec) || !isRecord(spec.template)) return [];
  const podSpec = spec.template.spec;
  if (!isRecord(podSpec)) return [];
  return [podSpec.containers, podSpec.initContainers]
    .flatMap((list): unknown[] => (Array.isArray(list) ? list : []))
    .filter(isRecord);
};

/** The image name a container names, without its tag or digest. */
const imageName = (image: string) =>
  image.replace(/@.*$/, '').replace(/:[^/:]*$/, '');

/** The objects `kubectl kustomize <dir>` makes (see the top of this file for what is supported). */
export const renderKustomization = (dir: string): KubeObject[] => {
  const k = readKustomization(dir);
  const objects: KubeObject[] = [];
  for (const resource of k.resources ?? []) {
    const full = path.join(dir, resource);
    if (!existsSync(full)) throw new Error(`${dir}: no resource ${resource}`);
    objects.push(
      ...(statSync(full).isDirectory()
        ? renderKustomization(full)
        : readObjects(full)),
    );
  }
  for (const generator of k.configMapGenerator ?? []) {
    const data = configMapData(dir, generator);
    const existing = objects.find(
      (o) => o.kind === 'ConfigMap' && o.metadata.name === generator.name,
    );
    if (generator.behavior === 'merge') {
      if (!existing || !isRecord(existing.data))
        throw new Error(`${dir}: no ConfigMap ${generator.name} to merge into`);
      existing.data = { ...existing.data, ...data };
    } else {
      if (existing)
        throw new Error(`${dir}: ConfigMap ${generator.name} made twice`);
      objects.push({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        metadata: { name: generator.name },
        data,
      });
    }
  }
  for (const rule of k.images ?? [])
    for (const container of objects.flatMap(podSpecContainers)) {
      if (
        typeof container.image !== 'string' ||
        imageName(container.image) !== rule.name
      )
        continue;
      const tag = rule.newTag ?? container.image.slice(rule.name.length + 1);
      container.image = `${rule.newName ?? rule.name}${tag ? `:${tag}` : ''}`;
    }
  for (const rule of k.patches ?? []) {
    const targets = objects.filter(
      (o) =>
        o.kind === rule.target.kind && o.metadata.name === rule.target.name,
    );
    if (targets.length === 0)
      throw new Error(
        `${dir}: no ${rule.target.kind} ${rule.target.name} to patch`,
      );
    const operations: unknown = parse(rule.patch);
    if (!Array.isArray(operations))
      throw new Error(`${dir}: patches must be JSON 6902 operation lists`);
    for (const target of targets)
      for (const operation of operations as Operation[])
        applyOperation(target, operation);
  }
  if (k.namespace)
    for (const object of objects)
      if (!CLUSTER_KINDS.has(object.kind))
        object.metadata.namespace = k.namespace;
  return objects;
};
