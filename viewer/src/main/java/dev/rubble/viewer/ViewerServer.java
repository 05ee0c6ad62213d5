package dev.rubble.viewer;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.http.UriCompliance;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The viewer's HTTP server (Jetty), bound to 127.0.0.1 only. It serves exactly: the page
 * ({@code /}, {@code /viewer.js}, {@code /viewer.css}), three.js from its WebJar under
 * {@code /three/build/} and {@code /three/examples/jsm/}, and the run under {@code /api/}
 * ({@code run.json}, {@code geometry.glb}, {@code frames?from=A&count=N}, {@code stats?from=A&count=N},
 * {@code pose?frame=K}).
 * Anything else, including any path with a {@code .} or {@code ..} segment, an encoded character,
 * a backslash or an empty segment, is 404: the server reads no file outside the class path
 * resources it names.
 */
public final class ViewerServer implements AutoCloseable {
    private static final String WEB = "dev/rubble/viewer/web/";
    private static final Map<String, String> PAGE = Map.of("/", "index.html", "/index.html", "index.html",
            "/viewer.js", "viewer.js", "/viewer.css", "viewer.css");
    /** Path characters allowed at all (no '%', no '\\', no query here). */
    private static final Pattern SAFE = Pattern.compile("/[A-Za-z0-9._/-]*");
    private static final int MAX_FRAMES_PER_REQUEST = 256;

    private final ViewerRun run;
    private final Server server;
    private final ServerConnector connector;
    private final String threeRoot;
    private final Map<String, byte[]> cache = new ConcurrentHashMap<>();
    private final byte[] json;

    private ViewerServer(ViewerRun run, int port) {
        this.run = run;
        this.json = run.json();
        this.threeRoot = "META-INF/resources/webjars/three/" + threeVersion() + "/";
        QueuedThreadPool pool = new QueuedThreadPool(16, 2);
        pool.setName("rubble-view");
        pool.setDaemon(true);
        this.server = new Server(pool);
        HttpConfiguration hc = new HttpConfiguration();
        hc.setSendServerVersion(false);
        // let every path reach the handler, which answers 404 for anything it does not serve
        hc.setUriCompliance(UriCompliance.UNSAFE);
        this.connector = new ServerConnector(server, 1, 1, new HttpConnectionFactory(hc));
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        server.addConnector(connector);
        // Jetty refuses a path that climbs above the root ("/../x", "/%2e%2e/x") while parsing the
        // request line, before any handler sees it, as a bad message (400, its request no longer
        // carries the path). Such a path names nothing this server has, and every 400 of this handler's
        // own is written by serve(), so a 400 that reaches the error handler is answered as not found.
        server.setErrorHandler((request, response, callback) -> {
            Object status = request.getAttribute(org.eclipse.jetty.server.handler.ErrorHandler.ERROR_STATUS);
            int code = status instanceof Integer i ? i : 500;
            if (code == 400) {
                code = 404;
            }
            send(response, callback, code, "text/plain", bytes(code == 404 ? "not found\n" : "error " + code + "\n"));
            return true;
        });
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                serve(request, response, callback);
                return true;
            }
        });
    }

    /**
     * Starts serving {@code run} on {@code port} of 127.0.0.1 (0: a free port).
     *
     * @throws IllegalArgumentException when the port is in use or not allowed
     */
    public static ViewerServer start(ViewerRun run, int port) {
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("--port " + port + "; allowed: 0 (any free port) to 65535");
        }
        ViewerServer s = new ViewerServer(run, port);
        try {
            s.server.start();
        } catch (BindException e) {
            s.close();
            throw new IllegalArgumentException("--port " + port + " on 127.0.0.1 is in use or not allowed ("
                    + e.getMessage() + "); allowed: a free port, or 0 for any free one");
        } catch (Exception e) {
            s.close();
            if (e.getCause() instanceof BindException b) {
                throw new IllegalArgumentException("--port " + port + " on 127.0.0.1 is in use or not allowed ("
                        + b.getMessage() + "); allowed: a free port, or 0 for any free one");
            }
            throw new IllegalStateException("the viewer's server did not start: " + e.getMessage(), e);
        }
        return s;
    }

    /** The port it listens on. */
    public int port() {
        return connector.getLocalPort();
    }

    /** The page's address. */
    public String address() {
        return "http://127.0.0.1:" + port() + "/";
    }

    /** Blocks until the server stops. */
    public void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the viewer's server: " + e.getMessage(), e);
        }
    }

    private void serve(Request request, Response response, Callback callback) {
        String method = request.getMethod();
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            send(response, callback, HttpStatus.METHOD_NOT_ALLOWED_405, "text/plain", bytes("GET only\n"));
            return;
        }
        String path = request.getHttpURI().getPath();
        if (path == null || !SAFE.matcher(path).matches() || path.contains("//")) {
            notFound(response, callback);
            return;
        }
        for (String seg : path.substring(1).split("/", -1)) {
            if (seg.equals(".") || seg.equals("..") || (seg.isEmpty() && !path.equals("/"))) {
                notFound(response, callback);
                return;
            }
        }
        try {
            String page = PAGE.get(path);
            if (page != null) {
                byte[] b = resource(WEB + page);
                send(response, callback, 200, type(page), b);
            } else if (path.startsWith("/three/build/") || path.startsWith("/three/examples/jsm/")) {
                byte[] b = resource(threeRoot + path.substring("/three/".length()));
                if (b == null) {
                    notFound(response, callback);
                } else {
                    send(response, callback, 200, type(path), b);
                }
            } else if (path.equals("/api/run.json")) {
                send(response, callback, 200, "application/json", json);
            } else if (path.equals("/api/geometry.glb")) {
                send(response, callback, 200, "model/gltf-binary", run.glb());
            } else if (path.equals("/api/frames")) {
                Fields q = Request.extractQueryParameters(request);
                long from = number(q, "from", 0, run.frameCount() - 1);
                int count = (int) number(q, "count", 1, MAX_FRAMES_PER_REQUEST);
                send(response, callback, 200, "application/octet-stream", run.frames(from, count));
            } else if (path.equals("/api/stats")) {
                Fields q = Request.extractQueryParameters(request);
                long from = number(q, "from", 0, run.frameCount() - 1);
                int count = (int) number(q, "count", 1, ViewerRun.MAX_STATS_PER_REQUEST);
                send(response, callback, 200, "application/json", run.stats(from, count));
            } else if (path.equals("/api/pose")) {
                Fields q = Request.extractQueryParameters(request);
                long k = number(q, "frame", 0, run.frameCount() - 1);
                send(response, callback, 200, "application/octet-stream", run.pose(k));
            } else {
                notFound(response, callback);
            }
        } catch (IllegalArgumentException e) {
            send(response, callback, 400, "text/plain", bytes(e.getMessage() + "\n"));
        }
    }

    private static long number(Fields q, String name, long min, long max) {
        String s = q.getValue(name);
        if (s == null) {
            throw new IllegalArgumentException(name + " is missing; allowed: an integer in [" + min + ", " + max + "]");
        }
        long v;
        try {
            v = Long.parseLong(s);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " = " + s + "; allowed: an integer in [" + min + ", " + max + "]");
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: an integer in [" + min + ", " + max + "]");
        }
        return v;
    }

    private byte[] resource(String name) {
        byte[] b = cache.get(name);
        if (b != null) {
            return b;
        }
        try (InputStream in = ViewerServer.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                return null;
            }
            b = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        cache.put(name, b);
        return b;
    }

    private static void notFound(Response response, Callback callback) {
        send(response, callback, 404, "text/plain", bytes("not found\n"));
    }

    private static void send(Response response, Callback callback, int status, String type, byte[] body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, type.startsWith("text/") || type.endsWith("json")
                ? type + "; charset=utf-8" : type);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String type(String name) {
        if (name.endsWith(".html")) {
            return "text/html";
        }
        if (name.endsWith(".js")) {
            return "text/javascript";
        }
        if (name.endsWith(".css")) {
            return "text/css";
        }
        if (name.endsWith(".json")) {
            return "application/json";
        }
        return "application/octet-stream";
    }

    /** The version of the three.js WebJar on the class path. */
    static String threeVersion() {
        try (InputStream in = ViewerServer.class.getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars.npm/three/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("three.js (org.webjars.npm:three) is not on the class path");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
