package dev.rubble.viewer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server serves its page, three.js and the run, and nothing else: every path that climbs out
 * (plain, encoded, backslashed) or names another class-path file is 404. Requests go over a raw
 * socket so the paths reach the server exactly as written.
 */
final class ViewerServerTest {
    private static ViewerServer server;

    @BeforeAll
    static void start() {
        server = ViewerServer.start(ViewerRunTest.run(), 0);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    /**
     * Status code and body of a raw request. A connection the server closed before any byte of a response (seen once
     * in a CI run on a loaded machine, for one of the paths below) is asked again, at most twice; a request still
     * unanswered then fails the test, naming its path.
     */
    static String[] get(String method, String path) throws IOException {
        for (int attempt = 0; ; attempt++) {
            String all = raw(method, path);
            if (all.isEmpty() && attempt < 2) {
                continue;
            }
            if (all.indexOf(' ') < 0 || all.length() < all.indexOf(' ') + 4) {
                throw new AssertionError(method + " " + path + ": no status line in the response '" + all + "'");
            }
            String status = all.substring(all.indexOf(' ') + 1, all.indexOf(' ') + 4);
            int body = all.indexOf("\r\n\r\n");
            return new String[] {status, body < 0 ? "" : all.substring(body + 4)};
        }
    }

    private static String raw(String method, String path) throws IOException {
        try (Socket s = new Socket(InetAddress.getByName("127.0.0.1"), server.port())) {
            OutputStream o = s.getOutputStream();
            o.write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            o.flush();
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    @Test
    void servesThePageThreeAndTheRun() throws IOException {
        assertThat(server.address()).startsWith("http://127.0.0.1:");
        assertThat(get("GET", "/")[0]).isEqualTo("200");
        assertThat(get("GET", "/")[1]).contains("importmap", "/three/build/three.module.js", "viewer.js");
        assertThat(get("GET", "/viewer.js")[0]).isEqualTo("200");
        assertThat(get("GET", "/three/build/three.module.js")[1]).contains("REVISION");
        assertThat(get("GET", "/three/examples/jsm/loaders/GLTFLoader.js")[0]).isEqualTo("200");
        assertThat(get("GET", "/api/run.json")[1]).contains("\"nodes\":3");
        assertThat(get("GET", "/api/geometry.glb")[0]).isEqualTo("200");
        assertThat(get("GET", "/api/frames?from=0&count=5")[0]).isEqualTo("200");
        assertThat(get("GET", "/api/pose?frame=3")[0]).isEqualTo("200");
        assertThat(get("GET", "/api/stats?from=65&count=256")[1]).startsWith("{\"from\":65,\"step\":[65,66,67,68,69],")
                .contains("\"breaksTotal\":[");
    }

    @Test
    void pathsOutsideItsOwnFilesAreNotFound() throws IOException {
        for (String p : new String[] {"/../etc/passwd", "/../../../../etc/passwd", "/three/../../../etc/passwd",
            "/three/build/../../../../pom.xml", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd",
            "/three/build/..%5c..%5cpom.xml", "/three/build/..\\..\\pom.xml", "/viewer.js/../../etc/passwd",
            "/./viewer.js", "/three/build/./three.module.js", "//etc/passwd", "/three/package.json",
            "/three/build/../../../../../dev/rubble/viewer/ViewerServer.class", "/dev/rubble/viewer/ViewerServer.class",
            "/META-INF/MANIFEST.MF", "/web/viewer.js", "/api/../viewer.js", "/etc/passwd", "/three/build/nope.js"}) {
            String[] r = get("GET", p);
            assertThat(r[0]).as(p).isEqualTo("404");
            assertThat(r[1]).as(p).doesNotContain("root:", "three", "<html");
        }
    }

    @Test
    void badQueriesAndMethodsAreRefused() throws IOException {
        String[] r = get("GET", "/api/frames?from=abc&count=2");
        assertThat(r[0]).isEqualTo("400");
        assertThat(r[1]).contains("from = abc", "allowed");
        assertThat(get("GET", "/api/pose?frame=70")[0]).as("past the last frame").isEqualTo("400");
        assertThat(get("GET", "/api/frames?from=0&count=100000")[0]).isEqualTo("400");
        assertThat(get("GET", "/api/stats?from=0&count=257")[1]).contains("count = 257; allowed: an integer in [1, 256]");
        assertThat(get("GET", "/api/stats?from=70&count=1")[0]).as("past the last frame").isEqualTo("400");
        assertThat(get("POST", "/api/run.json")[0]).isEqualTo("405");
    }

    @Test
    void aPortInUseIsRefusedWithTheAllowedValues() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            assertThatThrownBy(() -> ViewerServer.start(ViewerRunTest.run(), port))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("--port " + port).hasMessageContaining("in use");
        }
        assertThatThrownBy(() -> ViewerServer.start(ViewerRunTest.run(), -1)).hasMessageContaining("allowed");
    }
}
