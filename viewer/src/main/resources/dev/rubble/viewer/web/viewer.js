// Rubble viewer: the pieces' geometry is loaded once (the run's glTF binary) and merged into one
// mesh; every vertex carries its node index and the vertex shader poses it from two float
// textures (position and scale; orientation and packed colour) that the timeline updates from
// per-frame deltas (only the pieces that changed). One draw call for the meshes whatever the piece
// count, one for the small pieces drawn as points while the picture moves (level of detail); every
// frame draws only the pieces in view, nearest first (cull()).
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { OrbitControls } from 'three/addons/controls/OrbitControls.js';

const api = window.rubbleViewer = { ready: false, error: null, frame: 0, playing: false, fps: 0, rendered: 0 };
const $ = (id) => document.getElementById(id);

try {
  await main();
} catch (e) {
  api.error = String(e && e.stack || e);
  $('loading').textContent = 'error: ' + e;
  throw e;
}

async function main() {
  const run = await (await fetch('/api/run.json')).json();
  api.run = run;
  document.title = 'Rubble viewer: ' + run.title;
  $('title').textContent = run.title;
  const N = Math.max(1, run.nodes), F = run.floatsPerNode, W = 1024, H = Math.max(1, Math.ceil(N / W));

  // ---- geometry: every node's mesh merged, with a per-vertex node index ----
  const gltf = await new GLTFLoader().loadAsync('/api/geometry.glb');
  const parts = [];
  let nv = 0, ni = 0;
  gltf.scene.traverse((o) => {
    const m = /^n(\d+)$/.exec(o.name);
    if (o.isMesh && m) {
      const g = o.geometry;
      parts.push([+m[1], g]);
      nv += g.attributes.position.count;
      ni += g.index ? g.index.count : g.attributes.position.count;
    }
  });
  let position = new Float32Array(3 * nv), nodeOf = new Float32Array(nv);
  const index = new Uint32Array(ni);
  // per part (a node's mesh): its node and its range of the merged index array, for culling
  const P = parts.length, partNode = new Int32Array(P), partStart = new Int32Array(P), partCount = new Int32Array(P);
  let v0 = 0, i0 = 0, nParts = 0;
  for (const [node, g] of parts) {
    const p = g.attributes.position, c = p.count, part = nParts++;
    partNode[part] = node;
    partStart[part] = i0;
    for (let i = 0; i < c; i++) {
      position[3 * (v0 + i)] = p.getX(i);
      position[3 * (v0 + i) + 1] = p.getY(i);
      position[3 * (v0 + i) + 2] = p.getZ(i);
      nodeOf[v0 + i] = node;
    }
    if (g.index) {
      const ix = g.index.array;
      for (let i = 0; i < ix.length; i++) index[i0 + i] = ix[i] + v0;
      i0 += ix.length;
    } else {
      for (let i = 0; i < c; i++) index[i0 + i] = v0 + i;
      i0 += c;
    }
    partCount[part] = i0 - partStart[part];
    v0 += c;
  }
  // Flat shading in the vertex shader: every face (the coplanar triangles of a part) gets one
  // vertex that carries its normal, and each of its triangles is turned (winding kept) so that
  // this vertex comes last, the provoking vertex whose flat colour the whole triangle takes; a
  // triangle none of whose vertices is free for its face gets a copy of one. The fragment shader
  // then only writes that colour.
  let normals;
  {
    const owner = new Int32Array(nv).fill(-1), faceN = [], extra = [];
    const P3 = (i, k) => position[3 * i + k];
    for (let part = 0; part < nParts; part++) {
      const a = partStart[part], e = a + partCount[part], faces = [];
      for (let t = a; t < e; t += 3) {
        const i0 = index[t], i1 = index[t + 1], i2 = index[t + 2];
        const ux = P3(i1, 0) - P3(i0, 0), uy = P3(i1, 1) - P3(i0, 1), uz = P3(i1, 2) - P3(i0, 2);
        const vx = P3(i2, 0) - P3(i0, 0), vy = P3(i2, 1) - P3(i0, 1), vz = P3(i2, 2) - P3(i0, 2);
        let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
        const l = Math.hypot(nx, ny, nz) || 1;
        nx /= l; ny /= l; nz /= l;
        let f = faces.find((g) => g.n[0] * nx + g.n[1] * ny + g.n[2] * nz > 0.99999);
        if (!f) faces.push(f = { n: [nx, ny, nz], id: faceN.length / 3, tris: [] }), faceN.push(nx, ny, nz);
        f.tris.push(t);
      }
      for (const f of faces) {
        const uses = new Map();
        for (const t of f.tris) for (let k = 0; k < 3; k++) uses.set(index[t + k], (uses.get(index[t + k]) || 0) + 1);
        for (const t of f.tris) {
          let k = [0, 1, 2].find((j) => owner[index[t + j]] === f.id);
          if (k === undefined) {
            let best = -1;
            for (let j = 0; j < 3; j++) {
              if (owner[index[t + j]] === -1 && (best < 0 || uses.get(index[t + j]) > uses.get(index[t + best]))) best = j;
            }
            if (best >= 0) {
              k = best;
              owner[index[t + k]] = f.id;
            } else { // a copy of the third vertex carries this face's normal
              k = 2;
              extra.push(index[t + 2], f.id);
              index[t + 2] = nv + extra.length / 2 - 1;
            }
          }
          const i0 = index[t], i1 = index[t + 1], i2 = index[t + 2];
          if (k === 0) { index[t] = i1; index[t + 1] = i2; index[t + 2] = i0; }
          if (k === 1) { index[t] = i2; index[t + 1] = i0; index[t + 2] = i1; }
        }
      }
    }
    const nv2 = nv + extra.length / 2, pos2 = new Float32Array(3 * nv2), node2 = new Float32Array(nv2);
    normals = new Float32Array(3 * nv2);
    pos2.set(position);
    node2.set(nodeOf);
    for (let x = 0; x < extra.length; x += 2) {
      const v = nv + x / 2, src = extra[x];
      pos2[3 * v] = position[3 * src]; pos2[3 * v + 1] = position[3 * src + 1]; pos2[3 * v + 2] = position[3 * src + 2];
      node2[v] = nodeOf[src];
      owner[v] = -1;
    }
    for (let v = 0; v < nv2; v++) {
      const f = v < nv ? owner[v] : extra[2 * (v - nv) + 1];
      if (f >= 0) { normals[3 * v] = faceN[3 * f]; normals[3 * v + 1] = faceN[3 * f + 1]; normals[3 * v + 2] = faceN[3 * f + 2]; }
      else normals[3 * v + 1] = 1;
    }
    position = pos2;
    nodeOf = node2;
    nv = nv2;
  }
  // each node's radius about its origin (level of detail: how many pixels it covers)
  const radOf = new Float32Array(N);
  for (let i = 0; i < nv; i++) {
    const r = Math.hypot(position[3 * i], position[3 * i + 1], position[3 * i + 2]);
    if (r > radOf[nodeOf[i]]) radOf[nodeOf[i]] = r;
  }
  const geometry = new THREE.BufferGeometry();
  geometry.setAttribute('position', new THREE.BufferAttribute(position, 3));
  geometry.setAttribute('node', new THREE.BufferAttribute(nodeOf, 1));
  geometry.setAttribute('normal', new THREE.BufferAttribute(normals, 3)); // the face's, on its provoking vertex
  // the index buffer drawn: every frame only the pieces in view drawn as meshes, nearest first
  // (cull() below), so the rasteriser neither transforms the other pieces' vertices nor shades
  // pixels that nearer pieces cover (early depth test)
  const drawIndex = new THREE.BufferAttribute(new Uint32Array(ni), 1).setUsage(THREE.DynamicDrawUsage);
  geometry.setIndex(drawIndex);

  const tex = () => {
    const t = new THREE.DataTexture(new Float32Array(4 * W * H), W, H, THREE.RGBAFormat, THREE.FloatType);
    t.minFilter = t.magFilter = THREE.NearestFilter;
    t.needsUpdate = true;
    return t;
  };
  const posTex = tex(), rotTex = tex();
  const posD = posTex.image.data, rotD = rotTex.image.data;
  // per node: state and strain (from the frames), level and piece (fixed); the shader reads one
  // colour key per node (rotTex.w) computed here for the colour mode, so a vertex fetches two texels
  const stateOf = new Float32Array(N), strainOf = new Float32Array(N);
  const modes = { level: 0, piece: 1, strain: 2, state: 3 };
  let colourMode = 0;
  const key = (n) => colourMode === 2 ? strainOf[n] : colourMode === 3 ? stateOf[n]
    : stateOf[n] < 0.5 ? -1 : colourMode === 0 ? (run.levels[n] || 0) : (run.pieces[n] || 0);
  // the colour of a key (level, piece, strain or state; -1 = static) as 8-bit r, g, b packed into
  // one float (r * 65536 + g * 256 + b, exact in float32): computed here once per changed node
  // instead of in the vertex shader for each of its vertices
  const maxLevel = Math.max(1, run.maxLevel);
  const hue = (h, c) => Math.min(1, Math.max(0, Math.abs(((h * 6 + c) % 6 + 6) % 6 - 3) - 1));
  const pack = (r, g, bl) => Math.round(255 * r) * 65536 + Math.round(255 * g) * 256 + Math.round(255 * bl);
  const mix = (a, h, f, hh) => a + (hue(hh, h) - a) * f;
  const STATE = [[0.45, 0.45, 0.45], [0.35, 0.45, 0.75], [0.95, 0.6, 0.2], [0.3, 0.8, 0.4], [0.85, 0.3, 0.85]];
  function colour(k) {
    if (colourMode === 0 || colourMode === 1) {
      if (k < 0) return pack(0.42, 0.42, 0.42);
      const base = colourMode === 0 ? 0.85 : 0.8;
      const f = colourMode === 0 ? (k > 0 ? 0.8 : 0) : 0.75;
      const hh = colourMode === 0 ? 0.62 - 0.62 * k / maxLevel : (k * 0.618034) % 1;
      return pack(mix(base, 0, f, hh), mix(base, 4, f, hh), mix(base, 2, f, hh));
    }
    if (colourMode === 2) {
      const t = Math.min(1, Math.max(0, k));
      return pack(0.35 + 0.65 * t, 0.45 - 0.3 * t, 0.6 - 0.5 * t);
    }
    const s = STATE[Math.min(4, Math.max(0, Math.round(k)))] || STATE[4];
    return pack(s[0], s[1], s[2]);
  }
  function setColourMode(m) {
    colourMode = m;
    for (let n = 0; n < N; n++) rotD[4 * n + 3] = colour(key(n));
    rotTex.needsUpdate = true;
    dirty = true;
  }
  for (let n = 0; n < N; n++) rotD[4 * n + 3] = colour(key(n));
  const COMMON = `
      uniform highp sampler2D posTex; uniform highp sampler2D rotTex;
      uniform int texW; uniform vec3 lightDir;
      // the node's colour, packed by viewer.js colour()
      vec3 unpack(float k) { return vec3(floor(k / 65536.0), mod(floor(k / 256.0), 256.0), mod(k, 256.0)) / 255.0; }
      // the orientation texel stores x y z with w >= 0 (q and -q are the same rotation): w recovered
      float quatW(vec3 qv) { return sqrt(max(0.0, 1.0 - dot(qv, qv))); }
      // v turned by the unit quaternion (qv, qw)
      vec3 turn(vec3 qv, float qw, vec3 v) { return v + 2.0 * cross(qv, cross(qv, v) + qw * v); }
`;
  // both materials write the colour their vertex shader computed, flat across the primitive
  const FLAT_FRAGMENT = `
      flat in vec3 vColor;
      out vec4 fragColor;
      void main() { fragColor = vec4(vColor, 1.0); }`;
  const material = new THREE.ShaderMaterial({
    glslVersion: THREE.GLSL3,
    uniforms: {
      posTex: { value: posTex }, rotTex: { value: rotTex }, texW: { value: W },
      lightDir: { value: new THREE.Vector3(0.45, 0.8, 0.4).normalize() },
    },
    // only the pieces cull() chose are in the index buffer: no per-vertex visibility test
    vertexShader: COMMON + `
      in float node;
      flat out vec3 vColor;
      void main() {
        int n = int(node + 0.5);
        ivec2 uv = ivec2(n % texW, n / texW);
        vec4 p = texelFetch(posTex, uv, 0), r = texelFetch(rotTex, uv, 0);
        vec3 qv = r.xyz;
        float qw = quatW(qv);
        vec3 w = turn(qv, qw, position * p.w) + p.xyz;
        // flat shading: the face's normal (on its provoking vertex, see above), turned with the piece
        vec3 nw = turn(qv, qw, normal);
        vColor = unpack(r.w) * (0.32 + 0.68 * abs(dot(nw, lightDir)));
        gl_Position = projectionMatrix * (viewMatrix * vec4(w, 1.0));
      }`,
    fragmentShader: FLAT_FRAGMENT,
  });
  const mesh = new THREE.Mesh(geometry, material);
  mesh.frustumCulled = false;
  // Level of detail while the picture moves: a piece whose radius covers fewer than lodPx pixels is
  // drawn as one square point of its size and colour (one vertex instead of its mesh), shaded by how
  // its up axis faces the light; at rest lodPx is 0 and every piece is its mesh. ?lod=PX (0 = off).
  const lodAsked = new URLSearchParams(location.search).get('lod');
  const lodPx = lodAsked !== null ? Math.max(0, Math.min(50, +lodAsked || 0)) : 3;
  const pointGeometry = new THREE.BufferGeometry();
  pointGeometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(3 * N), 3));
  pointGeometry.setAttribute('node', new THREE.BufferAttribute(Float32Array.from({ length: N }, (_, n) => n), 1));
  const pointIndex = new THREE.BufferAttribute(new Uint32Array(N), 1).setUsage(THREE.DynamicDrawUsage);
  pointGeometry.setIndex(pointIndex); // the pieces cull() draws as points
  const pointSize = new THREE.BufferAttribute(new Float32Array(N), 1).setUsage(THREE.DynamicDrawUsage);
  pointGeometry.setAttribute('size', pointSize); // pixels across, from cull()
  const pointMaterial = new THREE.ShaderMaterial({
    glslVersion: THREE.GLSL3,
    uniforms: material.uniforms,
    vertexShader: COMMON + `
      in float node; in float size;
      flat out vec3 vColor;
      void main() {
        int n = int(node + 0.5);
        ivec2 uv = ivec2(n % texW, n / texW);
        vec4 p = texelFetch(posTex, uv, 0), r = texelFetch(rotTex, uv, 0);
        vec3 up = turn(r.xyz, quatW(r.xyz), vec3(0.0, 1.0, 0.0));
        vColor = unpack(r.w) * (0.32 + 0.68 * abs(dot(up, lightDir)));
        gl_PointSize = size;
        gl_Position = projectionMatrix * (viewMatrix * vec4(p.xyz, 1.0));
      }`,
    fragmentShader: FLAT_FRAGMENT,
  });
  const points = new THREE.Points(pointGeometry, pointMaterial);
  points.frustumCulled = false;

  // ---- scene, camera, controls ----
  const canvas = $('canvas');
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, alpha: false, powerPreference: 'high-performance' });
  // Render scale (pixels drawn per CSS pixel). ?scale=S fixes it (0.25..2). Without it the scale is
  // adaptive: while the picture moves (playing, orbiting) it is lowered until a frame fits the budget
  // (30 frames/s with a margin) and raised again when there is room (software rasterisers such as headless
  // Chromium's SwiftShader spend ~40 % of a 10 000-piece frame filling pixels); once the picture is
  // at rest it is drawn again at full scale, so what a person studies is never the coarse picture.
  const asked = new URLSearchParams(location.search).get('scale');
  const fixedScale = asked ? Math.min(2, Math.max(0.25, +asked || 1)) : null;
  // The budget is 1/36 s: the scale is lowered only when a frame takes more than 1.15 budgets
  // (32 ms), so where the scale settles the picture still moves at 30 frames/s or more.
  const fullScale = fixedScale || 1, minScale = 0.35, budgetMs = 1000 / 36;
  let movingScale = fullScale, canvasScale = fullScale;
  renderer.setPixelRatio(canvasScale);
  renderer.setClearColor(0x1d2024);
  const scene = new THREE.Scene();
  scene.add(mesh);
  scene.add(points);
  const b = run.bounds;
  const center = new THREE.Vector3((b[0] + b[3]) / 2, (b[1] + b[4]) / 2, (b[2] + b[5]) / 2);
  const size = Math.max(b[3] - b[0], b[4] - b[1], b[5] - b[2], 0.5);
  const grid = new THREE.GridHelper(Math.ceil(size * 4), 20, 0x3c434c, 0x30363d);
  grid.position.y = Math.min(0, b[1]);
  scene.add(grid);
  const camera = new THREE.PerspectiveCamera(45, 1, size / 200, size * 200);
  // look from where the first broken piece was hit: against its velocity, turned a little and raised
  const view = new THREE.Vector3(0.9, 0.55, 1.6);
  const sv = run.struckVelocity;
  if (sv && Math.hypot(sv[0], sv[2]) > 1e-6) {
    const h = new THREE.Vector3(-sv[0], 0, -sv[2]).normalize();
    view.set(h.x - 0.55 * h.z, 0.55, h.z + 0.55 * h.x);
  }
  camera.position.copy(center).add(view.normalize().multiplyScalar(size * 2.1));
  const controls = new OrbitControls(camera, canvas);
  controls.target.copy(center);
  controls.update();
  let dirty = true;
  controls.addEventListener('change', () => { dirty = true; });
  const drawSize = new THREE.Vector2();
  const frustum = new THREE.Frustum(), viewProj = new THREE.Matrix4(), planes = new Float64Array(24);
  const BUCKETS = 1024, bucketCount = new Int32Array(BUCKETS + 1), partBucket = new Int32Array(P), order = new Int32Array(P);
  /**
   * Chooses what is drawn: pieces present and in the view frustum; those whose radius covers fewer
   * than {@code lod} pixels as points, the others as meshes whose index ranges are copied into the
   * drawn index buffer nearest first (a counting sort on depth), so that the rasteriser transforms
   * only their vertices and the depth test rejects the pixels of pieces behind nearer ones before
   * they are shaded. {@code pxPerRad}: drawing-buffer pixels per unit of radius at depth 1.
   */
  function cull(lod, pxPerRad) {
    camera.updateMatrixWorld();
    viewProj.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
    frustum.setFromProjectionMatrix(viewProj);
    for (let i = 0; i < 6; i++) {
      const q = frustum.planes[i];
      planes[4 * i] = q.normal.x; planes[4 * i + 1] = q.normal.y; planes[4 * i + 2] = q.normal.z; planes[4 * i + 3] = q.constant;
    }
    const v = camera.matrixWorldInverse.elements;
    const near = camera.near, span = camera.far - camera.near;
    const out = drawIndex.array, pts = pointIndex.array, ps = pointSize.array;
    let np = 0, nm = 0;
    bucketCount.fill(0);
    for (let part = 0; part < P; part++) {
      partBucket[part] = -1;
      const n = partNode[part], s = posD[4 * n + 3];
      if (!(s > 0)) continue; // absent
      const x = posD[4 * n], y = posD[4 * n + 1], z = posD[4 * n + 2], r = radOf[n] * s;
      let inside = true;
      for (let i = 0; i < 24 && inside; i += 4) inside = planes[i] * x + planes[i + 1] * y + planes[i + 2] * z + planes[i + 3] >= -r;
      if (!inside) continue;
      const depth = -(v[2] * x + v[6] * y + v[10] * z + v[14]);
      const px = depth > 0 ? r * pxPerRad / depth : 1e9;
      if (px < lod) {
        pts[np] = n;
        ps[n] = Math.max(1, 1.3 * px); // a box of radius R shows about 1.3 R across on screen
        np++;
        continue;
      }
      // by the depth of its far side: a large piece such as a floor under the others comes last
      const bucket = Math.max(0, Math.min(BUCKETS - 1, Math.floor((depth + r - near) / span * BUCKETS)));
      partBucket[part] = bucket;
      bucketCount[bucket + 1] += partCount[part];
      nm++;
    }
    for (let i = 0; i < BUCKETS; i++) bucketCount[i + 1] += bucketCount[i]; // start of each bucket
    for (let part = 0; part < P; part++) {
      const bucket = partBucket[part];
      if (bucket < 0) continue;
      let o = bucketCount[bucket];
      const a = partStart[part], e = a + partCount[part];
      for (let i = a; i < e; i++) out[o++] = index[i];
      bucketCount[bucket] = o;
    }
    const count = bucketCount[BUCKETS - 1];
    geometry.setDrawRange(0, count);
    mesh.visible = count > 0;
    if (count > 0) { // upload only the part drawn
      drawIndex.clearUpdateRanges();
      drawIndex.addUpdateRange(0, count);
      drawIndex.needsUpdate = true;
    }
    pointGeometry.setDrawRange(0, np);
    points.visible = np > 0;
    if (np > 0) {
      pointIndex.clearUpdateRanges();
      pointIndex.addUpdateRange(0, np);
      pointIndex.needsUpdate = true;
      pointSize.needsUpdate = true;
    }
    api.drawn = { meshes: nm, points: np, triangles: count / 3 };
  }
  /** Draws the scene; {@code moving}: small pieces as points (level of detail), else every piece its mesh. */
  function draw(moving) {
    renderer.getDrawingBufferSize(drawSize);
    cull(moving ? lodPx : 0, drawSize.y / (2 * Math.tan(camera.fov * Math.PI / 360)));
    renderer.render(scene, camera);
    api.atRest = !moving || (lodPx === 0 && canvasScale === fullScale); // the full picture is on the canvas
  }
  function useScale(x) {
    if (x !== canvasScale) {
      canvasScale = x;
      renderer.setPixelRatio(x);
      renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
    }
  }
  function resize() {
    const w = canvas.clientWidth, h = canvas.clientHeight;
    if (canvas.width !== Math.floor(w * canvasScale) || canvas.height !== Math.floor(h * canvasScale)) {
      renderer.setSize(w, h, false);
      camera.aspect = w / Math.max(1, h);
      camera.updateProjectionMatrix();
      dirty = true;
    }
  }

  // ---- frames: deltas fetched ahead while playing, a full pose when jumping ----
  const frames = run.frames;
  const buffered = new Map(); // frame -> [Int32Array, Float32Array, word offset of the block]
  let shown = -1, pending = null, seekToken = 0;

  function blocks(buf) {
    const i32 = new Int32Array(buf), f32 = new Float32Array(buf), out = [];
    for (let w = 0; w < i32.length;) {
      out.push([i32[w], i32, f32, w]);
      w += 2 + i32[w + 1] * (F + 1);
    }
    return out;
  }
  let first = true; // the first frame applied sets every node's colour
  function apply(i32, f32, w) {
    const count = i32[w + 1];
    let o = w + 2;
    for (let e = 0; e < count; e++, o += F + 1) {
      const n = i32[o];
      posD[4 * n] = f32[o + 1]; posD[4 * n + 1] = f32[o + 2]; posD[4 * n + 2] = f32[o + 3]; posD[4 * n + 3] = f32[o + 8];
      const sg = f32[o + 7] < 0 ? -1 : 1; // w >= 0: the shader recovers it from x y z
      rotD[4 * n] = sg * f32[o + 4]; rotD[4 * n + 1] = sg * f32[o + 5]; rotD[4 * n + 2] = sg * f32[o + 6];
      const state = f32[o + 9], strain = f32[o + 10];
      if (state !== stateOf[n] || strain !== strainOf[n] || first) { // the colour follows state and strain only
        stateOf[n] = state; strainOf[n] = strain;
        rotD[4 * n + 3] = colour(key(n));
      }
    }
    first = false;
    posTex.needsUpdate = rotTex.needsUpdate = true;
    dirty = true;
  }
  function prefetch() {
    if (pending) return;
    let from = shown + 1;
    while (buffered.has(from) && from < frames) from++;
    if (from >= frames || from - shown > 96) return;
    const count = Math.min(48, frames - from);
    pending = fetch(`/api/frames?from=${from}&count=${count}`).then((r) => r.arrayBuffer()).then((buf) => {
      for (const [k, i32, f32, w] of blocks(buf)) if (k > shown) buffered.set(k, [i32, f32, w]);
    }).finally(() => { pending = null; });
  }
  async function seek(k) {
    k = Math.max(0, Math.min(frames - 1, Math.round(k)));
    const token = ++seekToken;
    if (k === shown) return;
    if (k === shown + 1 && buffered.has(k)) {
      const [i32, f32, w] = buffered.get(k);
      buffered.delete(k);
      apply(i32, f32, w);
      shown = k;
    } else {
      const buf = await (await fetch(`/api/pose?frame=${k}`)).arrayBuffer();
      if (token !== seekToken) return;
      const [[, i32, f32, w]] = blocks(buf);
      apply(i32, f32, w);
      shown = k;
      for (const key of [...buffered.keys()]) if (key <= k) buffered.delete(key);
    }
    showStats(k);
  }

  // ---- stats panel and plots ----
  // A frame's statistics come from the server in chunks (/api/stats), a few chunks kept; the plots draw the
  // run's summary from run.json (every frame's value, or per run of frames its two extremes in order).
  const STATS_CHUNK = 256, STATS_KEPT = 8, statsChunks = new Map(), statsLoading = new Set();
  function statsChunk(c) {
    const got = statsChunks.get(c);
    if (got) return got;
    if (!statsLoading.has(c) && c * STATS_CHUNK < frames) {
      statsLoading.add(c);
      fetch(`/api/stats?from=${c * STATS_CHUNK}&count=${STATS_CHUNK}`).then((r) => r.json()).then((j) => {
        statsLoading.delete(c);
        statsChunks.set(c, j);
        if (statsChunks.size > STATS_KEPT) statsChunks.delete(statsChunks.keys().next().value);
        if (Math.floor(api.frame / STATS_CHUNK) === c && statsShown !== api.frame) showStats(api.frame);
      }, (e) => { statsLoading.delete(c); api.error = String(e); });
    }
    return null;
  }
  const stageRows = run.stages.map((name) => {
    const row = document.createElement('div');
    row.className = 'stage';
    row.innerHTML = `<span>${name}</span><div class="bar"></div><span></span>`;
    $('stages').appendChild(row);
    return row;
  });
  // While playing the panel and plots are refreshed at most every 200 ms (a person cannot read
  // them faster, and every refresh costs the page a layout and a repaint of the side bar); a
  // paused, stepped or scrubbed frame is shown at once.
  let statsShown = -1, statsAt = 0;
  function showStats(k, playing = false) {
    api.frame = k;
    const now = performance.now();
    if (playing && now - statsAt < 200) return;
    if (k === statsShown) return;
    const c = Math.floor(k / STATS_CHUNK), st = statsChunk(c);
    if (playing && (k % STATS_CHUNK) >= STATS_CHUNK / 2) statsChunk(c + 1); // the next chunk, ahead
    $('timeline').value = k;
    $('frame-label').textContent = `${k} / ${frames - 1}`;
    for (const p of plots) p.cursor(k);
    if (!st) return; // shown when its chunk arrives
    statsShown = k;
    statsAt = now;
    const i = k - st.from;
    $('s-frame').textContent = k;
    $('s-step').textContent = st.step[i];
    $('s-time').textContent = st.time[i].toFixed(3) + ' s';
    $('s-bodies').textContent = st.present[i];
    $('s-awake').textContent = st.awake[i];
    $('s-sleeping').textContent = st.sleeping[i];
    $('s-breaks').textContent = st.breaks[i];
    $('s-breaks-total').textContent = st.breaksTotal[i];
    $('s-step-ms').textContent = st.stepMs[i].toFixed(3) + ' ms';
    const total = Math.max(1e-9, st.stepMs[i]);
    stageRows.forEach((row, s) => {
      const ms = st.stageMs[s][i];
      row.children[1].style.width = Math.min(100, 100 * ms / total) + '%';
      row.children[2].textContent = ms.toFixed(3);
    });
  }
  function plot(id, values) {
    const c = $(id), g = c.getContext('2d'), w = c.width, h = c.height;
    let max = 0;
    for (const v of values) max = Math.max(max, v);
    max = max || 1;
    g.fillStyle = '#1d2024';
    g.fillRect(0, 0, w, h);
    g.strokeStyle = '#5b8dd6';
    g.beginPath();
    const per = run.plots.framesPerPoint, fx = (k) => (frames > 1 ? k * (w - 1) / (frames - 1) : 0);
    const fy = (v) => h - 2 - (h - 12) * v / max;
    if (per === 1) {
      // one value per frame: the line through every frame
      for (let k = 0; k < values.length; k++) {
        k ? g.lineTo(fx(k), fy(values[k])) : g.moveTo(fx(k), fy(values[k]));
      }
    } else {
      // per run of `per` frames its two extremes, in the order they came, at its first and last frame
      for (let i = 0; 2 * i < values.length; i++) {
        const k0 = i * per, k1 = Math.min(frames, k0 + per) - 1;
        i ? g.lineTo(fx(k0), fy(values[2 * i])) : g.moveTo(fx(k0), fy(values[2 * i]));
        g.lineTo(fx(k1), fy(values[2 * i + 1]));
      }
    }
    g.stroke();
    g.fillStyle = '#99a';
    g.font = '10px sans-serif';
    g.fillText('max ' + (Math.round(max * 1000) / 1000), 4, 10);
    const base = g.getImageData(0, 0, w, h);
    c.addEventListener('click', (ev) => {
      const r = c.getBoundingClientRect();
      pause();
      seek((ev.clientX - r.left) / r.width * (frames - 1));
    });
    return {
      cursor(k) {
        g.putImageData(base, 0, 0);
        const x = frames > 1 ? k * (w - 1) / (frames - 1) : 0;
        g.strokeStyle = '#f0a040';
        g.beginPath(); g.moveTo(x + 0.5, 0); g.lineTo(x + 0.5, h); g.stroke();
      },
    };
  }
  const plots = [plot('plot-breaks', run.plots.breaks), plot('plot-awake', run.plots.awake),
    plot('plot-ms', run.plots.stepMs)];

  // ---- controls ----
  const timeline = $('timeline');
  timeline.max = frames - 1;
  const dt = run.dt > 0 ? run.dt : 1 / 60;
  let clock = 0, last = performance.now();
  function play() { if (shown >= frames - 1) seek(0); api.playing = true; $('play').textContent = 'pause'; clock = 0; }
  function pause() { api.playing = false; $('play').textContent = 'play'; if (shown >= 0) showStats(shown); }
  $('play').onclick = () => (api.playing ? pause() : play());
  $('back').onclick = () => { pause(); seek(shown - 1); };
  $('fwd').onclick = () => { pause(); seek(shown + 1); };
  timeline.addEventListener('input', () => { pause(); seek(+timeline.value); });
  $('color').addEventListener('change', () => setColourMode(modes[$('color').value]));
  window.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'SELECT') return;
    if (e.key === ' ') { e.preventDefault(); api.playing ? pause() : play(); }
    if (e.key === 'ArrowLeft') { pause(); seek(shown - 1); }
    if (e.key === 'ArrowRight') { pause(); seek(shown + 1); }
  });

  // ---- the loop: advance the timeline in simulated time, render when anything changed ----
  let fpsCount = 0, fpsFrom = performance.now();
  let drewLast = false, lastDraw = 0, lastAdapt = 0, frameMs = 0;
  function tick(now) {
    requestAnimationFrame(tick);
    const wall = Math.min(0.25, (now - last) / 1000);
    last = now;
    resize();
    if (api.playing) {
      clock += wall * +$('speed').value;
      while (clock >= dt && shown < frames - 1 && buffered.has(shown + 1)) {
        clock -= dt;
        const [i32, f32, w] = buffered.get(shown + 1);
        buffered.delete(shown + 1);
        apply(i32, f32, w);
        shown++;
        showStats(shown, true);
      }
      if (clock > dt) clock = dt; // waiting for frames: do not run ahead
      if (shown >= frames - 1) pause();
      prefetch();
    }
    if (dirty) {
      // a moving picture: adapt the scale to the interval between the last moving frames
      if (fixedScale === null && drewLast) {
        const ms = now - lastDraw;
        frameMs = frameMs ? 0.7 * frameMs + 0.3 * ms : ms;
        if (now - lastAdapt > 400) {
          if (frameMs > 1.15 * budgetMs && movingScale > minScale) {
            movingScale = Math.max(minScale, movingScale * Math.max(0.6, Math.min(0.9, Math.sqrt(budgetMs / frameMs))));
            lastAdapt = now;
          } else if (frameMs < 0.7 * budgetMs && movingScale < fullScale) {
            movingScale = Math.min(fullScale, movingScale * 1.15);
            lastAdapt = now;
          }
        }
      }
      useScale(movingScale);
      draw(true);
      dirty = false;
      drewLast = true;
      lastDraw = now;
      api.rendered++;
      fpsCount++;
    } else {
      drewLast = false;
      if (!api.playing && !api.atRest && now - lastDraw > 250) {
        useScale(fullScale); // at rest: the full picture, every piece its mesh
        draw(false);
      }
    }
    if (now - fpsFrom >= 1000) {
      api.fps = fpsCount * 1000 / (now - fpsFrom);
      $('s-fps').textContent = api.playing ? api.fps.toFixed(1) : '–';
      $('s-scale').textContent = canvasScale.toFixed(2) + (fixedScale === null ? ' (auto)' : '');
      api.renderScale = canvasScale;
      api.movingScale = movingScale;
      fpsCount = 0;
      fpsFrom = now;
    }
  }

  // ---- for tests and scripts ----
  api.seek = seek;
  api.play = play;
  api.pause = pause;
  api.setColor = (m) => { $('color').value = m; setColourMode(modes[m]); };
  /** Canvas pixel (CSS px from the canvas' top left) of a world point. */
  api.project = (x, y, z) => {
    const p = new THREE.Vector3(x, y, z).project(camera);
    return [(p.x + 1) / 2 * canvas.clientWidth, (1 - p.y) / 2 * canvas.clientHeight];
  };
  /** Plays from frame {@code from} for {@code ms} and resolves to the frames drawn per second meanwhile. */
  api.measureFps = async (from, ms) => {
    await seek(from);
    const r0 = api.rendered, f0 = shown, t0 = performance.now();
    play();
    await new Promise((res) => setTimeout(res, ms));
    const t1 = performance.now(), r1 = api.rendered, f1 = shown;
    pause();
    return { fps: (r1 - r0) * 1000 / (t1 - t0), frames: f1 - f0, seconds: (t1 - t0) / 1000, drawn: r1 - r0 };
  };

  /**
   * Where a frame's time goes, without the network: applies the deltas into frames from+1 ..
   * from+count (fetched first) one by one and times, per frame, the JavaScript that applies a delta,
   * renderer.render (three.js' work and the texture uploads, submitted) and a 1-pixel readPixels
   * (waits until the rasteriser has drawn the frame); then the same frame drawn again without
   * changes (no upload), and with the pieces hidden (floor and grid only); then the browser's frame
   * interval (requestAnimationFrame to requestAnimationFrame, which includes compositing the canvas
   * into the page) when every frame draws, and when none does. Means in ms.
   */
  api.profile = async (from, count) => {
    pause();
    await seek(from);
    useScale(fullScale); // what a frame costs at full scale, every piece its mesh
    const scale = fullScale;
    draw(false);
    const buf = await (await fetch(`/api/frames?from=${from + 1}&count=${count}`)).arrayBuffer();
    const gl = renderer.getContext();
    const px = new Uint8Array(4);
    const sync = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
    const t = { apply: 0, render: 0, finish: 0, frames: 0, entries: 0 };
    sync();
    for (const [k, i32, f32, w] of blocks(buf)) {
      const t0 = performance.now();
      apply(i32, f32, w);
      shown = k;
      const t1 = performance.now();
      renderer.render(scene, camera);
      const t2 = performance.now();
      sync();
      const t3 = performance.now();
      t.apply += t1 - t0; t.render += t2 - t1; t.finish += t3 - t2; t.frames++; t.entries += i32[w + 1];
    }
    const again = (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        renderer.render(scene, camera);
        sync();
        s += performance.now() - t0;
      }
      return s / n;
    };
    const unchanged = again(5);
    mesh.visible = false;
    const background = again(5);
    mesh.visible = true;
    // the same triangles without the three texture fetches per vertex (every piece at its rest pose)
    const plain = material.clone();
    plain.vertexShader = material.vertexShader.replace(/vec4 p = texelFetch[^;]*;/, 'vec4 p = vec4(0.0, 0.0, 0.0, 1.0), r = vec4(0.0, 0.0, 0.0, 1.0);');
    mesh.material = plain;
    const noFetch = again(5);
    mesh.material = material;
    // a quarter of the pixels: what filling costs
    renderer.setPixelRatio(scale / 2);
    renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
    const quarter = again(5);
    renderer.setPixelRatio(scale);
    renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
    const unchanged2 = again(5);
    // level of detail as while playing (pieces under lodPx pixels as points), at full and at half scale
    const lodAgain = (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        draw(true);
        sync();
        s += performance.now() - t0;
      }
      return s / n;
    };
    // interleaved (the machine's load changes from second to second): medians of 7 rounds, each
    // round every piece its mesh and small pieces as points, at full and at half scale
    const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
    const ab = { full: [], lod: [], half: [], lodHalf: [] };
    for (let i = 0; i < 7; i++) {
      useScale(fullScale);
      draw(false); ab.full.push(again(1));
      ab.lod.push(lodAgain(1));
      useScale(fullScale / 2);
      draw(false); ab.half.push(again(1));
      ab.lodHalf.push(lodAgain(1));
    }
    const fullMs = med(ab.full), lodMs = med(ab.lod), halfMs = med(ab.half), lodHalfMs = med(ab.lodHalf);
    useScale(fullScale);
    draw(false);
    const interval = (n, draw) => new Promise((res) => {
      let i = 0, t0 = 0;
      const f = (now) => {
        if (draw) renderer.render(scene, camera);
        if (i === 0) t0 = now;
        if (i++ < n) requestAnimationFrame(f); else res((now - t0) / n);
      };
      requestAnimationFrame(f);
    });
    const drawingInterval = await interval(10, true), idleInterval = await interval(10, false);
    mesh.visible = false;
    const backgroundInterval = await interval(10, true);
    mesh.visible = true;
    showStats(shown);
    dirty = true;
    const f = Math.max(1, t.frames);
    return { frames: t.frames, entriesPerFrame: t.entries / f, applyMs: t.apply / f, renderMs: t.render / f,
      rasterMs: t.finish / f, unchangedMs: unchanged, backgroundMs: background, noFetchMs: noFetch,
      quarterPixelsMs: quarter, unchangedAgainMs: unchanged2, lodPx, medianFullMs: fullMs, lodMs, halfScaleMs: halfMs, lodHalfScaleMs: lodHalfMs,
      drawingFrameMs: drawingInterval, idleFrameMs: idleInterval, backgroundFrameMs: backgroundInterval,
      canvas: [canvas.width, canvas.height], triangles: index.length / 3, vertices: nv };
  };

  await seek(0);
  $('loading').remove();
  resize();
  draw(false);
  api.ready = true;
  requestAnimationFrame(tick);
}
